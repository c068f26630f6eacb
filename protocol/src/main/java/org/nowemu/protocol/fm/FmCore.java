package org.nowemu.protocol.fm;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.protocol.parts.credits.CreditTable;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.ring.RingTail;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * What FM 1.x and FM 2.x's host libraries share (systems §2.4, §3.4): the send slots in NIC SRAM and the
 * programmed I/O that fills them, the host-level credits, and the receive area in pinned host memory (a data area
 * of R slots, a control area for credit packets). A packet goes out as: wait for a credit for its destination
 * (processing only credit packets meanwhile: sends run no handlers), wait for a free send slot (a PIO read of its
 * free flag when it is not known free), write its header and payload by PIO, then its ready flag. A packet taken
 * from the data area hands its piggy-backed credits over; once consumed it frees its slot and is owed back to its
 * sender, in a credit packet when the threshold is reached. A layer above FM may ask its sends to take in arrivals
 * while they wait ({@link #whileSendsWait}: MPI's progress engine); FM's own programs never do.
 *
 * <p>Counters: {@code fm.packets_sent}, {@code fm.credit_packets_sent}, {@code fm.credit_waits} (sends that found no
 * credit), {@code fm.slot_reads} (PIO reads of a send slot's free flag), {@code fm.slots_full} (reads that found it
 * in use), {@code fm.packets_received}.
 */
public final class FmCore {
    /** A packet being written into a send slot. */
    public static final class Out {
        final int slot;
        final int dest;
        final byte[] body;
        int filled;

        Out(int slot, int dest, byte[] body) {
            this.slot = slot;
            this.dest = dest;
            this.body = body;
        }

        /** Payload bytes still to write. */
        public int room() {
            return body.length - FmWire.HEADER_BYTES - filled;
        }
    }

    /** A data packet taken from the receive area: its slot stays held until {@link #consumed}. */
    public record In(int slot, FmWire.Header header, byte[] body) {
        public int src() {
            return header.src();
        }
    }

    private final LibraryThread t;
    private final FmSettings s;
    private final HostSteps c;
    private final RingTail slots;
    private final StagingArea data;
    private final StagingArea control;
    private final CreditTable credits;
    private final long[] sentTo;
    private final long[] receivedFrom;
    private final long iteration;
    private Progress progress;

    /**
     * What a layer above FM runs while one of its sends waits for a credit: MPI's progress engine, which goes on
     * extracting arrivals into its queues (Lauria, Pakin and Chien, MPI-FM), so that two ranks sending to each other
     * with every credit spent each take in the other's packets and return its credits.
     */
    public interface Progress {
        /** FM_extract, limited to what the layer has room for; returns how much it took (0: nothing). */
        @continuable
        int extract();

        /** Whether something the layer would take has arrived and it has room for it (what the wait polls for). */
        boolean ready();

        /** One turn of its extract loop that found nothing (ps). */
        long idlePs();
    }

    public FmCore(LibraryThread thread, FmSettings settings) {
        this.t = thread;
        this.s = settings;
        this.c = settings.host();
        int hosts = thread.hosts();
        int job = settings.job() > 0 ? settings.job() : hosts;
        this.slots = new RingTail(settings.sendSlots());
        this.data = new StagingArea("h" + thread.host() + " FM data area", settings.receiveSlots());
        this.control = new StagingArea("h" + thread.host() + " FM control area", settings.controlSlots(job));
        this.credits = new CreditTable(hosts, settings.credits(job), settings.returnThreshold(job));
        this.sentTo = new long[hosts];
        this.receivedFrom = new long[hosts];
        this.iteration = thread.ops().cyclesPs(c.loop()) + thread.ops().pollHitPs();
    }

    public FmSettings settings() {
        return s;
    }

    public LibraryThread thread() {
        return t;
    }

    public HostOps ops() {
        return t.ops();
    }

    /** FM_initialize: tells the NIC where the receive area is. */
    @continuable
    public void init() {
        ops().cycles(c.call());
        ops().pioWrite(2, new FmWire.Init());
    }

    /** What the NIC wrote: a send slot freed in SRAM, a packet in the data or control area. */
    public void onMemory(Object written) {
        if (written instanceof FreeFlag f) {
            slots.freed(f.index());
        } else if (written instanceof Arrival a) {
            (a.area() == FmWire.CONTROL_AREA ? control : data).arrive(a.slot(), a.content());
        }
    }

    /** From now on a send that waits for a credit runs {@code p} meanwhile (null: credit packets only, FM's own). */
    public void whileSendsWait(Progress p) {
        this.progress = p;
    }

    /** The ledger id of the next message to {@code dest}, entered as sent now. */
    public void sent(int dest) {
        long id = MessageIds.of(IdSystem.FM, t.host(), dest, sentTo[dest]++);
        t.book().sent(id, t.clock(), MessageIds.address(dest));
    }

    /** The next message from {@code src} has been handled: FM delivers in order, so it is the next one sent. */
    public void handled(int src) {
        t.book().handled(MessageIds.of(IdSystem.FM, src, t.host(), receivedFrom[src]++),
                MessageIds.address(t.host()));
    }

    // ---- sending

    /**
     * FM_send's body, FM 1.x's and FM/MC's unicast alike: the call, the message entered in the ledger, then
     * {@code size} bytes of {@code buf} cut into packets of the stack's payload, each begun, written and launched.
     */
    @continuable
    public void send(int dest, int handler, byte[] buf, int size) {
        ops().cycles(c.call());
        sent(dest);
        int payload = s.packetPayload();
        int off = 0;
        do {
            int bytes = Math.min(payload, size - off);
            Out out = begin(dest, handler, off == 0, off + bytes == size, bytes, size);
            write(out, buf, off, bytes);
            launch(out);
            off += bytes;
        } while (off < size);
    }

    /**
     * Starts a data packet of {@code bytes} payload bytes to {@code dest}: takes a credit (waiting for one) and a
     * send slot (waiting for one), and writes the header.
     */
    @continuable
    public Out begin(int dest, int handler, boolean first, boolean last, int bytes, int total) {
        if (!credits.has(dest)) {
            t.stat("fm.credit_waits").increment();
            while (!credits.has(dest)) {
                if (progress != null) {
                    progressFor(dest);
                } else if (!takeCredits()) {
                    t.idle(control::ready, iteration, Long.MAX_VALUE);
                }
            }
        }
        credits.take(dest);
        ops().cycles(c.credit());
        int slot = claimSlot();
        ops().cycles(c.packet());
        byte[] body = new byte[FmWire.HEADER_BYTES + bytes];
        new FmWire.Header(FmWire.DATA, first, last, handler, t.host(), bytes, credits.piggyback(dest), total)
                .put(body);
        ops().pioWrite(s.headerWords(), null);
        return new Out(slot, dest, body);
    }

    /**
     * One turn of a credit wait with a layer's progress: the credit packets, then, with none for {@code dest}, an
     * extract of what the layer has room for; with nothing taken, a wait for either (a loop of both polls).
     */
    @continuable
    private void progressFor(int dest) {
        if (takeCredits() && credits.has(dest)) {
            return;
        }
        if (progress.extract() == 0 && !credits.has(dest)) {
            t.idle(this::creditOrArrival, iteration + progress.idlePs(), Long.MAX_VALUE);
        }
    }

    private boolean creditOrArrival() {
        return control.ready() || progress.ready();
    }

    /** Writes {@code len} bytes of {@code src} from {@code off} into the packet's payload by PIO. */
    @continuable
    public void write(Out p, byte[] src, int off, int len) {
        if (len > p.room()) {
            throw new IllegalArgumentException(len + " bytes into a packet with room for " + p.room());
        }
        if (len == 0) {
            return;
        }
        System.arraycopy(src, off, p.body, FmWire.HEADER_BYTES + p.filled, len);
        ops().pioWrite(HostOps.words(p.filled, len), null);
        p.filled += len;
    }

    /** Sets the packet's ready flag: the NIC sends it. */
    @continuable
    public void launch(Out p) {
        ops().pioWrite(s.flagWords(), new FmWire.SlotReady(p.slot, p.dest, p.body));
        t.stat("fm.packets_sent").increment();
    }

    @continuable
    private int claimSlot() {
        while (!slots.tailFree()) {
            ops().pioRead();
            t.stat("fm.slot_reads").increment();
            if (!slots.read()) {
                t.stat("fm.slots_full").increment();
            }
        }
        return slots.claim();
    }

    @continuable
    private void sendCredits(int dest, int n) {
        int slot = claimSlot();
        ops().cycles(c.packet());
        byte[] body = new byte[FmWire.HEADER_BYTES];
        new FmWire.Header(FmWire.CREDIT, true, true, 0, t.host(), 0, n, 0).put(body);
        ops().pioWrite(s.headerWords(), null);
        ops().pioWrite(s.flagWords(), new FmWire.SlotReady(slot, dest, body));
        t.stat("fm.credit_packets_sent").increment();
    }

    // ---- receiving

    /** Processes every credit packet in the control area now; returns whether there was any. */
    public boolean takeCredits() {
        boolean any = false;
        while (true) {
            boolean arrived = control.ready();
            ops().poll(arrived);
            if (!arrived) {
                return any;
            }
            int slot = control.take();
            FmWire.Header h = FmWire.Header.of(control.content(slot));
            ops().cycles(c.dispatch() + c.credit());
            credits.give(h.src(), h.credits());
            control.release(slot);
            any = true;
        }
    }

    /** Whether a packet waits in the data or the control area (seen only after {@code sync}). */
    public boolean anyArrived() {
        return data.ready() || control.ready();
    }

    /** Time of one turn of an extract loop that found nothing: the two flags' looks and the loop (ps). */
    public long idlePollPs() {
        return ops().cyclesPs(c.loop()) + 2 * ops().pollHitPs();
    }

    /** Takes the next data packet if its flag is set (a poll either way), handing over its credits; else null. */
    public In next() {
        boolean arrived = data.ready();
        ops().poll(arrived);
        if (!arrived) {
            return null;
        }
        int slot = data.take();
        byte[] body = data.content(slot);
        FmWire.Header h = FmWire.Header.of(body);
        ops().cycles(c.dispatch());
        if (h.credits() > 0) {
            ops().cycles(c.credit());
            credits.give(h.src(), h.credits());
        }
        t.stat("fm.packets_received").increment();
        return new In(slot, h, body);
    }

    /** The library is done with a packet: its slot is free, and its credit is owed back to its sender. */
    @continuable
    public void consumed(In p) {
        data.release(p.slot());
        ops().cycles(c.credit());
        int n = credits.consumed(p.src());
        if (n > 0) {
            sendCredits(p.src(), n);
        }
    }

    /** Credits this host holds for {@code dest} now. */
    public int credits(int dest) {
        return credits.credits(dest);
    }
}
