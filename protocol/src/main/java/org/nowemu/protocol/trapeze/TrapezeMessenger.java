package org.nowemu.protocol.trapeze;

import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * Trapeze behind a {@link Messenger}: a message of up to {@link Trapeze#maxControl} bytes is one control message;
 * a longer one is cut into page-frame payloads, each sent with a control message of {@value #HEADER} bytes (its
 * first byte marks the last). A message has arrived when its last part has been taken from the ring (a dropped
 * earlier part goes unnoticed: Trapeze promises nothing). Payloads are used in their frames, not copied.
 */
public final class TrapezeMessenger implements Messenger {
    /** The control message that goes with each payload: the upper layer's header [E]. */
    static final int HEADER = 8;

    private final Trapeze t;
    private final Arrivals arrivals = new Arrivals();

    public TrapezeMessenger(Trapeze trapeze) {
        this.t = trapeze;
    }

    @Override
    public int host() {
        return t.host();
    }

    @Override
    public long now() {
        return t.now();
    }

    @Override
    public void send(int dest, int bytes) {
        int n = Math.max(1, bytes);
        if (n <= t.maxControl()) {
            byte[] control = new byte[n];
            control[0] = 1;
            t.send(dest, control, 0);
            return;
        }
        int max = t.maxPayload();
        while (n > 0) {
            int part = Math.min(n, max);
            n -= part;
            byte[] control = new byte[HEADER];
            control[0] = (byte) (n == 0 ? 1 : 0);
            t.send(dest, control, part);
        }
    }

    @Override
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    public void await(long count, long deadline) {
        while (arrivals.count() < count) {
            Trapeze.Message m = t.next(deadline);
            if (m == null) {
                return;
            }
            if (m.control().length > 0 && m.control()[0] == 1) {
                arrivals.arrived(t.now());
            }
        }
    }

    @Override
    public Counter counter(String name) {
        return t.counter(name);
    }
}
