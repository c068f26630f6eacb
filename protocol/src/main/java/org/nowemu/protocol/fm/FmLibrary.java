package org.nowemu.protocol.fm;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.host.ProcessServices;
import org.nowemu.protocol.parts.staging.Reassembly;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * What the host APIs over FM's core (FM 1.x, FM 2.x, FM/MC) share: their checks of a destination and a handler id,
 * FM 1.x's receipt of whole messages (FM/MC's unicast is FM 1.x's), and extracting until something holds, waiting
 * as a spin loop of empty {@code FM_extract}s would while nothing arrives.
 */
public abstract class FmLibrary implements ProcessServices {
    /** Handler ids: 0..255. */
    protected static final int HANDLERS = 256;

    protected final FmCore core;
    protected final HostSteps c;

    protected FmLibrary(FmCore core) {
        this.core = core;
        this.c = core.settings().host();
    }

    /** FM_extract: what has arrived by now; returns how much it took (0: nothing). */
    @continuable
    public abstract int extract();

    /**
     * From now on this library's sends that wait for a credit extract meanwhile, each FM_extract limited to what
     * {@code room} says at the time (none while it says 0), counting the extracts in {@code counter}: what MPI's
     * progress engine does above FM ({@link FmCore.Progress}). FM's own programs never call it: their sends take in
     * credit packets only.
     */
    public void extractWhileSendsWait(IntSupplier room, String counter) {
        core.whileSendsWait(new SendWait(room, counter));
    }

    /** FM_extract of at most about {@code maxbytes}; FM 1.x's takes everything whatever the limit. */
    @continuable
    protected int extract(int maxbytes) {
        return extract();
    }

    /** A waiting send's progress: FM_extract of what the layer above has room for. */
    private final class SendWait implements FmCore.Progress {
        private final IntSupplier room;
        private final String counter;

        SendWait(IntSupplier room, String counter) {
            this.room = room;
            this.counter = counter;
        }

        @Override
        @continuable
        public int extract() {
            int max = room.getAsInt();
            if (max <= 0) {
                return 0;
            }
            process().stat(counter).increment();
            return FmLibrary.this.extract(max);
        }

        @Override
        public boolean ready() {
            return room.getAsInt() > 0 && anyArrived();
        }

        @Override
        public long idlePs() {
            return FmLibrary.this.idlePs();
        }
    }

    /** Payload bytes per packet. */
    public int packetPayload() {
        return core.settings().packetPayload();
    }

    /** Credits held for {@code dest} (for tests and programs that pace themselves). */
    public int credits(int dest) {
        return core.credits(dest);
    }

    /** A handler's or program's copy of {@code bytes} between its own buffers (host memcpy). */
    public void copy(int bytes) {
        core.ops().memcpy(bytes);
    }

    public void compute(long cycles) {
        core.ops().cycles(cycles);
    }

    /** Extracts until {@code done} holds, spinning in host time while nothing arrives. */
    @continuable
    public void extractUntil(BooleanSupplier done) {
        extractUntil(done, Long.MAX_VALUE);
    }

    /** Extracts until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    public void extractUntil(BooleanSupplier done, long deadline) {
        LibraryThread p = process();
        while (!done.getAsBoolean() && p.clock() < deadline) {
            if (extract() == 0 && !done.getAsBoolean()) {
                p.idle(this::anyArrived, idlePs(), deadline);
            }
        }
    }

    /** Whether anything an extract takes has arrived (what the idle loop polls for). */
    protected boolean anyArrived() {
        return core.anyArrived();
    }

    /** One turn of the idle loop: an empty poll and the call of FM_extract (ps). */
    protected long idlePs() {
        return core.idlePollPs() + core.ops().cyclesPs(c.call());
    }

    /** Refuses a destination that is not another host of the cluster. */
    protected final void checkDestination(String api, int dest) {
        LibraryThread p = process();
        if (dest < 0 || dest >= p.hosts() || dest == p.host()) {
            throw new IllegalArgumentException(api + ": no destination " + dest + " (hosts 0.." + (p.hosts() - 1)
                    + ", not this one, " + p.host() + ")");
        }
    }

    /** Refuses a handler id out of 0..255. */
    protected static void checkHandlerId(int id) {
        if (id < 0 || id >= HANDLERS) {
            throw new IllegalArgumentException("FM: handler id " + id + " (0..255)");
        }
    }

    /** The error of a message from {@code src} that names handler {@code id}, which {@code host} has not registered. */
    public static IllegalStateException unregistered(int host, int src, int id) {
        return new IllegalStateException("FM: a message from host " + src + " names handler " + id
                + ", which host " + host + " has not registered");
    }

    /**
     * FM 1.x's receipt of a packet: a one-packet message is handed up in its slot; a longer one is copied packet by
     * packet into the sender's reassembly buffer in {@code staging} and handed up whole with its last. Returns the
     * messages handed up (0 or 1).
     *
     * @param reassembled the counter of bytes copied into reassembly buffers, or null for none
     */
    @continuable
    protected final int takeWhole(FmCore.In in, Reassembly staging, String reassembled) {
        FmWire.Header h = in.header();
        int src = h.src();
        int handled = 0;
        if (h.first() && h.last()) {
            core.handled(src);
            deliver(h.handler(), Arrays.copyOfRange(in.body(), FmWire.HEADER_BYTES, in.body().length), h.total(),
                    src);
            handled = 1;
        } else {
            // Into the sender's reassembly buffer, the whole message's size: cached unless the message outgrows the cache.
            core.ops().copyFromDma(h.bytes(), h.total());
            if (reassembled != null) {
                process().stat(reassembled).add(h.bytes());
            }
            byte[] whole = staging.add(src, h.first(), h.last(), h.total(), in.body(), FmWire.HEADER_BYTES, h.bytes());
            if (whole != null) {
                core.handled(src);
                deliver(h.handler(), whole, whole.length, src);
                handled = 1;
            }
        }
        core.consumed(in);
        return handled;
    }

    /** Hands a whole message to handler {@code id} (for {@link #takeWhole}; FM 2.x, which streams, has none). */
    protected void deliver(int id, byte[] buf, int size, int src) {
        throw new UnsupportedOperationException("whole messages are FM 1.x's");
    }
}
