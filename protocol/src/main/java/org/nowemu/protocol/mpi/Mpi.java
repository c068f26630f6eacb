package org.nowemu.protocol.mpi;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.fm1.Fm1;
import org.nowemu.protocol.fm.fm2.Fm2;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.host.ProcessServices;
import org.nowemu.protocol.parts.ledger.MessageIds;

/**
 * A minimal MPI (systems §4.2), point to point, one communicator, ranks = hosts: blocking and nonblocking
 * sends and receives, tags with wildcards ({@link #ANY_SOURCE}, {@link #ANY_TAG}), an eager protocol for every size
 * (MPI-FM had no rendezvous) with a posted-receive queue and an unexpected-message queue, each searched in order so
 * that messages from one source with one tag are received in the order they were sent. A message is a 24-byte
 * header and the payload, layered on FM 1.x or FM 2.x ({@link OverFm1}, {@link OverFm2}) with the copies each
 * layering forces. Messages enter the ledger as sent when {@code MPI_Send}/{@code MPI_Isend} takes them and as
 * handled when a receive completes with them (FM's own entries are there beside them).
 *
 * <p>Counters: {@code mpi.sent}, {@code mpi.received}, {@code mpi.unexpected} (messages that found no receive
 * posted), {@code mpi.copies} and {@code mpi.copied_bytes} (the MPI layer's own copies of payload), the same per
 * kind of copy with its time, {@code mpi.copies.<kind>}, {@code mpi.copied_bytes.<kind>}, {@code mpi.copy_ps.<kind>}
 * ({@link Copy}), {@code mpi.pool_overruns} (unexpected messages taken beyond the pool [E]), and
 * {@code mpi.progress_extracts} (FM_extract calls made while a send waited for an FM credit: the progress engine
 * goes on taking in arrivals, so that ranks sending to each other with every credit spent do not wait for good),
 * {@code mpi.late_matches} (unexpected messages a receive posted while they were being taken took once whole).
 *
 * <p>Each MPI call pays its entry ({@code call-cycles}) once; a message that finds no receive takes a pool buffer,
 * and the receive that takes it gives it back ({@code pool-cycles} each).
 */
public final class Mpi implements ProcessServices {
    public static final int ANY_SOURCE = -1;
    public static final int ANY_TAG = -1;
    /** The counter of FM_extract calls made while a send waited for a credit. */
    static final String PROGRESS_EXTRACTS = "mpi.progress_extracts";

    private record Unexpected(MpiHeader header, byte[] data) {
    }

    /** The MPI layer's copies of a message, by where they go. */
    enum Copy {
        /** Header and payload gathered into one contiguous buffer for FM 1.x's send. */
        GATHER,
        /** Out of FM's hands (a receive slot, a reassembly buffer) into the posted receive's buffer. */
        POSTED,
        /** Out of FM's hands into a buffer of the unexpected pool. */
        POOL_IN,
        /** Out of the unexpected pool into the receive that takes the message. */
        POOL_OUT;

        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final FmProcess p;
    private final HostOps ops;
    private final MpiSettings s;
    private final Layer layer;
    private final ArrayDeque<MpiRequest> posted = new ArrayDeque<>();
    private final ArrayDeque<Unexpected> unexpected = new ArrayDeque<>();
    private final int[] sentTo;
    private int poolUsed;

    private Mpi(FmProcess process, MpiSettings settings, java.util.function.Function<Mpi, Layer> layer) {
        this.p = process;
        this.ops = process.ops();
        this.s = settings;
        this.sentTo = new int[process.hosts()];
        this.layer = layer.apply(this);
    }

    /** MPI over FM 1.x. */
    public static Mpi overFm1(FmProcess process, Fm1 fm, MpiSettings settings) {
        return new Mpi(process, settings, m -> new OverFm1(fm, m));
    }

    /** MPI over FM 2.x. */
    public static Mpi overFm2(FmProcess process, Fm2 fm, MpiSettings settings) {
        return new Mpi(process, settings, m -> new OverFm2(fm, m));
    }

    public int rank() {
        return p.host();
    }

    public int size() {
        return p.hosts();
    }

    /** MPI_Send: returns once {@code buf} may be reused (eager: once FM has taken the message). */
    @continuable
    public void send(byte[] buf, int off, int len, int dest, int tag) {
        isend(buf, off, len, dest, tag);
    }

    /** MPI_Isend: eager, so complete as soon as it returns. */
    @continuable
    public MpiRequest isend(byte[] buf, int off, int len, int dest, int tag) {
        ops.cycles(s.callCycles());
        if (dest < 0 || dest >= p.hosts() || dest == p.host() || tag < 0 || len < 0 || off < 0
                || off + len > buf.length) {
            throw new IllegalArgumentException("MPI: send of " + len + " bytes to rank " + dest + " with tag " + tag);
        }
        ops.cycles(s.requestCycles() + s.headerCycles());
        int seq = sentTo[dest]++;
        p.book().sent(MessageIds.of(IdSystem.MPI, p.host(), dest, seq), p.clock(), MessageIds.address(dest));
        layer.send(dest, new MpiHeader(0, p.host(), tag, len, MpiHeader.EAGER, seq), buf, off, len);
        p.stat("mpi.sent").increment();
        MpiRequest r = new MpiRequest(false, buf, off, len, dest, tag);
        r.done = true;
        return r;
    }

    /** MPI_Recv: a message from {@code source} (or ANY_SOURCE) with {@code tag} (or ANY_TAG), of at most {@code max}. */
    @continuable
    public MpiStatus recv(byte[] buf, int off, int max, int source, int tag) {
        ops.cycles(s.callCycles());
        MpiRequest r = post(buf, off, max, source, tag);
        layer.progressUntil(r::done, Long.MAX_VALUE);
        return r.status;
    }

    /** MPI_Irecv: takes a matching unexpected message at once if one is there, else posts the receive. */
    public MpiRequest irecv(byte[] buf, int off, int max, int source, int tag) {
        ops.cycles(s.callCycles());
        return post(buf, off, max, source, tag);
    }

    private MpiRequest post(byte[] buf, int off, int max, int source, int tag) {
        if (source < ANY_SOURCE || source >= p.hosts() || tag < ANY_TAG || max < 0 || off < 0
                || off + max > buf.length) {
            throw new IllegalArgumentException("MPI: receive of " + max + " bytes from rank " + source + " tag " + tag);
        }
        ops.cycles(s.requestCycles());
        MpiRequest r = new MpiRequest(true, buf, off, max, source, tag);
        Iterator<Unexpected> it = unexpected.iterator();
        while (it.hasNext()) {
            Unexpected u = it.next();
            ops.cycles(s.matchCycles());
            if (r.matches(u.header().source(), u.header().tag())) {
                it.remove();
                poolUsed -= u.data().length;
                fits(r, u.header());
                System.arraycopy(u.data(), 0, buf, off, u.data().length);
                copied(Copy.POOL_OUT, u.data().length, false);
                ops.cycles(s.poolCycles());
                complete(r, u.header());
                return r;
            }
        }
        posted.add(r);
        return r;
    }

    /** MPI_Wait: makes progress until {@code r} is complete; returns its status (null for a send). */
    @continuable
    public MpiStatus await(MpiRequest r) {
        ops.cycles(s.callCycles());
        layer.progressUntil(r::done, Long.MAX_VALUE);
        return r.status;
    }

    /** MPI_Wait until virtual time {@code deadline} at most (not MPI's; for benchmarks on a clock); whether done. */
    @continuable
    public boolean await(MpiRequest r, long deadline) {
        ops.cycles(s.callCycles());
        layer.progressUntil(r::done, deadline);
        return r.done;
    }

    /** MPI_Test: makes progress once, without waiting; whether {@code r} is complete. */
    @continuable
    public boolean test(MpiRequest r) {
        ops.cycles(s.callCycles());
        if (!r.done) {
            p.sync();
            layer.progress();
        }
        return r.done;
    }

    // ---- what the layers call

    MpiHeader parse(byte[] b, int off) {
        ops.cycles(s.headerCycles());
        return MpiHeader.decode(b, off);
    }

    /** The first posted receive that takes the message {@code h}, removed from the queue; or null. */
    MpiRequest match(MpiHeader h) {
        MpiRequest r = takePosted(h);
        if (r != null) {
            fits(r, h);
            return r;
        }
        p.stat("mpi.unexpected").increment();
        return null;
    }

    /** The first posted receive that takes {@code h}, removed from the queue, each one looked at charged; or null. */
    private MpiRequest takePosted(MpiHeader h) {
        Iterator<MpiRequest> it = posted.iterator();
        while (it.hasNext()) {
            MpiRequest r = it.next();
            ops.cycles(s.matchCycles());
            if (r.matches(h.source(), h.tag())) {
                it.remove();
                return r;
            }
        }
        return null;
    }

    private void fits(MpiRequest r, MpiHeader h) {
        if (h.length() > r.max) {
            throw new IllegalStateException("MPI: a message of " + h.length() + " bytes from rank " + h.source()
                    + " with tag " + h.tag() + " is longer than its receive buffer of " + r.max
                    + " (MPI_ERR_TRUNCATE)");
        }
    }

    void complete(MpiRequest r, MpiHeader h) {
        ops.cycles(s.requestCycles());
        r.status = new MpiStatus(h.source(), h.tag(), h.length());
        r.done = true;
        p.book().handled(MessageIds.of(IdSystem.MPI, h.source(), p.host(), h.seq()), MessageIds.address(p.host()));
        p.stat("mpi.received").increment();
    }

    /** Takes {@code bytes} of the unexpected pool, beyond it if need be (more memory, counted). */
    void reserve(int bytes) {
        ops.cycles(s.poolCycles());
        poolUsed += bytes;
        if (poolUsed > s.unexpectedPool()) {
            p.stat("mpi.pool_overruns").increment();
        }
    }

    /**
     * A message that found no receive posted is whole in its pool buffer. Over FM 2.x its handler matched on the
     * header and took the payload packet by packet, so the program may have posted a receive for it meanwhile (an
     * extract while a send waited leaves a message half taken): that receive takes it now, out of the pool, as a
     * receive posted later would; else it joins the unexpected queue.
     */
    void unexpected(MpiHeader h, byte[] data) {
        MpiRequest r = takePosted(h);
        if (r == null) {
            unexpected.add(new Unexpected(h, data));
            return;
        }
        poolUsed -= data.length;
        fits(r, h);
        System.arraycopy(data, 0, r.buf, r.off, data.length);
        copied(Copy.POOL_OUT, data.length, false);
        ops.cycles(s.poolCycles());
        p.stat("mpi.late_matches").increment();
        complete(r, h);
    }

    /** Bytes MPI has room for now: the pool's free bytes and the posted receives' buffers (with headers). */
    int room() {
        long room = Math.max(0, s.unexpectedPool() - poolUsed);
        for (MpiRequest r : posted) {
            room += MpiHeader.BYTES + r.max;
        }
        return (int) Math.min(Integer.MAX_VALUE, room);
    }

    /**
     * The MPI layer copies {@code bytes} of payload ({@code kind}), out of a receive slot the NIC wrote (into a buffer
     * of the message's size: cached if it fits the cache) or between host buffers (the memory copy rate).
     */
    void copied(Copy kind, int bytes, boolean fromDmaArea) {
        long ps = fromDmaArea ? ops.copyFromDma(bytes, bytes) : ops.memcpy(bytes);
        p.stat("mpi.copies").increment();
        p.stat("mpi.copied_bytes").add(bytes);
        p.stat("mpi.copies." + kind.key()).increment();
        p.stat("mpi.copied_bytes." + kind.key()).add(bytes);
        p.stat("mpi.copy_ps." + kind.key()).add(ps);
    }

    // ---- the program's own work and records

    public void compute(long cycles) {
        ops.cycles(cycles);
    }

    @Override
    public LibraryThread process() {
        return p;
    }
}
