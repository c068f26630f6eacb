package org.nowemu.protocol.fm.fm1;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.FmWire;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.host.ProcessServices;
import org.nowemu.protocol.parts.staging.Reassembly;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * Fast Messages 1.x as a program sees it (the FM paper's Table 1): {@code FM_send_4}, {@code FM_send} and
 * {@code FM_extract}, with handlers registered by id [E]. A message of any size is cut into packets of the stack's
 * payload; each packet takes a credit for its destination (a sender with none waits, taking in only credit packets,
 * so sends run no handlers) and a send slot, and is written into the slot by PIO. {@code FM_extract} processes
 * every packet that has arrived, with no limit: a one-packet message's handler runs on the receive slot itself; a
 * longer message is copied packet by packet into the sender's reassembly buffer and its handler runs on the last
 * (the extra copy MPI-FM over FM 1.x suffers from). Reliable and in order, by credits and link back-pressure.
 *
 * <p>Counters: {@code fm.sent} (messages), {@code fm.handled}, {@code fm.reassembled_bytes}, and {@link FmCore}'s.
 */
public final class Fm1 implements ProcessServices {
    private final FmProcess p;
    private final FmCore core;
    private final HostSteps c;
    private final Fm1Handler[] handlers = new Fm1Handler[256];
    /** Per sender: the message being reassembled, and how much of it has arrived. */
    private final Reassembly staging;
    private boolean extracting;

    public Fm1(FmProcess process, FmCore core) {
        this.p = process;
        this.core = core;
        this.c = core.settings().host();
        this.staging = new Reassembly(process.hosts());
    }

    public int host() {
        return p.host();
    }

    public int hosts() {
        return p.hosts();
    }

    /** Payload bytes per packet. */
    public int packetPayload() {
        return core.settings().packetPayload();
    }

    /** Registers {@code handler} under {@code id} (0..255), the id messages name. */
    public void register(int id, Fm1Handler handler) {
        if (id < 0 || id >= handlers.length) {
            throw new IllegalArgumentException("FM: handler id " + id + " (0..255)");
        }
        handlers[id] = handler;
    }

    /** FM_send_4: a four-word message, one packet. */
    @continuable
    public void send4(int dest, int handler, int i0, int i1, int i2, int i3) {
        byte[] b = java.nio.ByteBuffer.allocate(16).putInt(i0).putInt(i1).putInt(i2).putInt(i3).array();
        send(dest, handler, b, 16);
    }

    /** FM_send: {@code size} bytes of {@code buf}, one contiguous buffer, to {@code dest}'s handler {@code handler}. */
    @continuable
    public void send(int dest, int handler, byte[] buf, int size) {
        if (dest < 0 || dest >= p.hosts() || dest == p.host()) {
            throw new IllegalArgumentException("FM: no destination " + dest + " (hosts 0.." + (p.hosts() - 1)
                    + ", not this one, " + p.host() + ")");
        }
        if (handler < 0 || handler >= handlers.length || size < 0 || size > buf.length) {
            throw new IllegalArgumentException("FM: handler " + handler + ", " + size + " of " + buf.length
                    + " bytes");
        }
        core.send(dest, handler, buf, size);
        p.stat("fm.sent").increment();
    }

    /** FM_extract: runs the handler of every message whose last packet has arrived by now; returns how many. */
    @continuable
    public int extract() {
        if (extracting) {
            throw new IllegalStateException("FM: FM_extract called from a handler");
        }
        extracting = true;
        try {
            p.sync();
            core.ops().cycles(c.call());
            int handled = 0;
            while (true) {
                core.takeCredits();
                FmCore.In in = core.next();
                if (in == null) {
                    return handled;
                }
                handled += take(in);
                p.sync();
            }
        } finally {
            extracting = false;
        }
    }

    @continuable
    private int take(FmCore.In in) {
        FmWire.Header h = in.header();
        int src = h.src();
        int handled = 0;
        if (h.first() && h.last()) {
            deliver(h.handler(), java.util.Arrays.copyOfRange(in.body(), FmWire.HEADER_BYTES, in.body().length),
                    h.total(), src);
            handled = 1;
        } else {
            core.ops().copyFromDma(h.bytes());
            p.stat("fm.reassembled_bytes").add(h.bytes());
            byte[] whole = staging.add(src, h.first(), h.last(), h.total(), in.body(), FmWire.HEADER_BYTES, h.bytes());
            if (whole != null) {
                deliver(h.handler(), whole, whole.length, src);
                handled = 1;
            }
        }
        core.consumed(in);
        return handled;
    }

    private void deliver(int id, byte[] buf, int size, int src) {
        Fm1Handler h = handlers[id];
        if (h == null) {
            throw new IllegalStateException("FM: a message from host " + src + " names handler " + id
                    + ", which host " + p.host() + " has not registered");
        }
        core.handled(src);
        p.stat("fm.handled").increment();
        h.handle(buf, size, src);
    }

    /** Extracts until {@code done} holds, spinning in host time while nothing arrives. */
    @continuable
    public void extractUntil(BooleanSupplier done) {
        extractUntil(done, Long.MAX_VALUE);
    }

    /** Extracts until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    public void extractUntil(BooleanSupplier done, long deadline) {
        while (!done.getAsBoolean() && p.clock() < deadline) {
            if (extract() == 0 && !done.getAsBoolean()) {
                p.idle(core::anyArrived, core.idlePollPs() + core.ops().cyclesPs(c.call()), deadline);
            }
        }
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

    @Override
    public LibraryThread process() {
        return p;
    }
}
