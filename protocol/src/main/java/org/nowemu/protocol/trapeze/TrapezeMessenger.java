package org.nowemu.protocol.trapeze;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LastPart;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * Trapeze behind a {@link Messenger}: a message of up to {@link Trapeze#maxControl} bytes is one control message;
 * a longer one is cut into page-frame payloads, each sent with a control message of {@value #HEADER} bytes (its
 * first byte marks the last). A message has arrived when its last part has been taken from the ring (a dropped
 * earlier part goes unnoticed: Trapeze promises nothing). Payloads are used in their frames, not copied.
 */
public final class TrapezeMessenger extends LibraryMessenger {
    /** A Trapeze program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements TrapezeProgram {
        @Override
        @continuable
        public void run(Trapeze t) {
            body.run(new TrapezeMessenger(t));
        }
    }

    /** The control message that goes with each payload: the upper layer's header [E]. */
    static final int HEADER = 8;

    private final Trapeze t;

    public TrapezeMessenger(Trapeze trapeze) {
        super(trapeze);
        this.t = trapeze;
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        int n = Math.max(1, bytes);
        if (n <= t.maxControl()) {
            t.send(dest, LastPart.marked(n, true), 0);
            return;
        }
        int max = t.maxPayload();
        while (n > 0) {
            int part = Math.min(n, max);
            n -= part;
            t.send(dest, LastPart.marked(HEADER, n == 0), part);
        }
    }

    /** An acknowledgement: one control message, marked an acknowledgement's (it fits one). */
    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        t.send(dest, LastPart.ack(Math.min(Math.max(1, bytes), t.maxControl())), 0);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        while (!arrived(count)) {
            Trapeze.Message m = t.next(deadline);
            if (m == null) {
                return;
            }
            arrivedPart(m.src(), m.control());
        }
    }
}
