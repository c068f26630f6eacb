package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.host.InnerTask;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmLibrary;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.FmWire;
import org.nowemu.protocol.parts.steps.HostSteps;

/**
 * FM 2.x's receive side (systems §3.4): {@code FM_extract(maxbytes)} and {@code FM_receive}. Extract takes
 * packets from the data area one at a time, while it has extracted fewer than {@code maxbytes} payload bytes (the
 * packet that crosses the limit is processed whole), and schedules the handler of each packet's message: a first
 * packet starts its handler, a later one resumes the handler if it is suspended. A handler reads its message with
 * {@code FM_receive}, which copies out of the packets extracted for it (the copy from FM's receive area into the
 * handler's buffer, at the cached-copy rate); when it asks for bytes not extracted yet it is suspended, and extract
 * goes on with other packets, so one long message does not hold up other senders and handlers run interleaved. A
 * packet whose bytes are all taken frees its slot and owes its credit back; what is never extracted keeps its
 * credit, and its sender, once out of credits, waits: receiver flow control.
 *
 * <p>Handlers that can complete on the packet at hand (a one-packet message) run on the extractor's own stack;
 * the others run as continuations ({@link Coroutines}); a suspended handler that is resumed costs
 * {@code handler-switch-cycles} of the stack's entry [E] (the FM paper: the multithreading "adds only a small amount
 * of overhead"). When a handler returns without taking all of its message, the rest is discarded [E].
 *
 * <p>Counters: {@code fm.handled}, {@code fm.handler_suspensions}, {@code fm.discarded_bytes},
 * {@code fm.received_bytes} (copied out by FM_receive).
 */
final class Fm2Receiver {
    private final FmProcess p;
    private final FmCore core;
    private final HostSteps c;
    private final Fm2Handler[] handlers;
    private final FmStream[] pending;
    private final Coroutines coroutines;
    private boolean extracting;

    Fm2Receiver(FmProcess process, FmCore core, Fm2Handler[] handlers, Coroutines coroutines) {
        this.p = process;
        this.core = core;
        this.c = core.settings().host();
        this.handlers = handlers;
        this.pending = new FmStream[process.hosts()];
        this.coroutines = coroutines;
    }

    @continuable
    int extract(int maxbytes) {
        if (extracting) {
            throw new IllegalStateException("FM: FM_extract called from a handler");
        }
        extracting = true;
        try {
            p.sync();
            core.ops().cycles(c.call());
            int extracted = 0;
            while (extracted < maxbytes) {
                core.takeCredits();
                FmCore.In in = core.next();
                if (in == null) {
                    break;
                }
                extracted += in.header().bytes();
                schedule(in);
                p.sync();
            }
            return extracted;
        } finally {
            extracting = false;
        }
    }

    @continuable
    private void schedule(FmCore.In in) {
        FmWire.Header h = in.header();
        int src = h.src();
        FmStream s = pending[src];
        if (h.first()) {
            if (s != null) {
                throw new IllegalStateException("FM: a message from host " + src + " began before the last ended");
            }
            Fm2Handler handler = handlers[h.handler()];
            if (handler == null) {
                throw FmLibrary.unregistered(p.host(), src, h.handler());
            }
            s = new FmStream(src, h.handler(), h.total());
            pending[src] = s;
            add(s, in);
            if (h.last()) {
                run(s, handler);
            } else {
                s.task = coroutines.start(new Handling(s, handler));
            }
        } else {
            if (s == null) {
                throw new IllegalStateException("FM: a packet from host " + src + " continues no message");
            }
            add(s, in);
            if (s.returned) {
                discard(s);
            } else if (s.blocked) {
                core.ops().cycles(core.settings().handlerSwitchCycles());
                coroutines.resume(s.task);
            }
        }
        if (s.returned && s.lastArrived) {
            pending[src] = null;
        }
    }

    /** The handler of a message whose packets are still to come, run as a task it can be suspended in. */
    private final class Handling implements InnerTask.Body {
        private final FmStream stream;
        private final Fm2Handler handler;

        Handling(FmStream stream, Fm2Handler handler) {
            this.stream = stream;
            this.handler = handler;
        }

        @Override
        @continuable
        public void run() {
            Fm2Receiver.this.run(stream, handler);
        }
    }

    private void add(FmStream s, FmCore.In in) {
        s.packets.add(in);
        s.arrived += in.header().bytes();
        s.lastArrived = in.header().last();
    }

    @continuable
    private void run(FmStream s, Fm2Handler handler) {
        handler.handle(s, s.peer);
        s.returned = true;
        discard(s);
        core.handled(s.peer);
        p.stat("fm.handled").increment();
    }

    /** Frees the packets of a message whose handler has returned, with whatever it did not take. */
    @continuable
    private void discard(FmStream s) {
        while (!s.packets.isEmpty()) {
            FmCore.In in = s.packets.poll();
            p.stat("fm.discarded_bytes").add(in.header().bytes() - s.offset);
            s.offset = 0;
            core.consumed(in);
        }
    }

    /** FM_receive: copies the next {@code bytes} of the message into {@code buf} from {@code off}. */
    @continuable
    int receive(byte[] buf, int off, FmStream s, int bytes) {
        if (s.packet != null || s.returned) {
            throw new IllegalStateException("FM: FM_receive on a stream that is not a running handler's");
        }
        if (bytes < 0 || bytes > s.remaining() || off < 0 || off + bytes > buf.length) {
            throw new IllegalArgumentException("FM: FM_receive of " + bytes + " bytes, " + s.remaining()
                    + " left in the message, into " + (buf.length - off) + " bytes of buffer");
        }
        core.ops().cycles(c.call());
        int got = 0;
        while (got < bytes) {
            FmCore.In in = s.packets.peek();
            if (in == null) {
                p.stat("fm.handler_suspensions").increment();
                s.blocked = true;
                coroutines.block();
                s.blocked = false;
                continue;
            }
            int avail = in.header().bytes() - s.offset;
            int k = Math.min(avail, bytes - got);
            core.ops().copyFromDma(k);
            p.stat("fm.received_bytes").add(k);
            System.arraycopy(in.body(), FmWire.HEADER_BYTES + s.offset, buf, off + got, k);
            got += k;
            s.offset += k;
            s.done += k;
            if (s.offset == in.header().bytes()) {
                s.packets.poll();
                s.offset = 0;
                core.consumed(in);
            }
        }
        return bytes;
    }
}
