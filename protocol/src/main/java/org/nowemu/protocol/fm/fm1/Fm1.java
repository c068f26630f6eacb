package org.nowemu.protocol.fm.fm1;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmLibrary;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.staging.Reassembly;

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
public final class Fm1 extends FmLibrary implements Fm1Api {
    private final FmProcess p;
    private final Fm1Handler[] handlers = new Fm1Handler[HANDLERS];
    /** Per sender: the message being reassembled, and how much of it has arrived. */
    private final Reassembly staging;
    private boolean extracting;

    public Fm1(FmProcess process, FmCore core) {
        super(core);
        this.p = process;
        this.staging = new Reassembly(process.hosts());
    }

    @Override
    public void register(int id, Fm1Handler handler) {
        checkHandlerId(id);
        handlers[id] = handler;
    }

    /** FM_send_4: a four-word message, one packet. */
    @continuable
    public void send4(int dest, int handler, int i0, int i1, int i2, int i3) {
        byte[] b = java.nio.ByteBuffer.allocate(16).putInt(i0).putInt(i1).putInt(i2).putInt(i3).array();
        send(dest, handler, b, 16);
    }

    /** FM_send: {@code size} bytes of {@code buf}, one contiguous buffer, to {@code dest}'s handler {@code handler}. */
    @Override
    @continuable
    public void send(int dest, int handler, byte[] buf, int size) {
        checkDestination("FM", dest);
        if (handler < 0 || handler >= handlers.length || size < 0 || size > buf.length) {
            throw new IllegalArgumentException("FM: handler " + handler + ", " + size + " of " + buf.length
                    + " bytes");
        }
        core.send(dest, handler, buf, size);
        p.stat("fm.sent").increment();
    }

    /** FM_extract: runs the handler of every message whose last packet has arrived by now; returns how many. */
    @Override
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
                handled += takeWhole(in, staging, "fm.reassembled_bytes");
                p.sync();
            }
        } finally {
            extracting = false;
        }
    }

    @Override
    protected void deliver(int id, byte[] buf, int size, int src) {
        Fm1Handler h = handlers[id];
        if (h == null) {
            throw unregistered(p.host(), src, id);
        }
        p.stat("fm.handled").increment();
        h.handle(buf, size, src);
    }

    @Override
    public LibraryThread process() {
        return p;
    }
}
