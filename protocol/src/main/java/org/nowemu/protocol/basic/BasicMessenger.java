package org.nowemu.protocol.basic;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * The basic protocol behind a {@link Messenger}: a message is cut into packets of at most the stack's payload (the
 * survey: users fragment their data), and the program marks its last packet in the payload's first byte; a message
 * has arrived when its last packet has been handled (a dropped earlier packet goes unnoticed, as the protocol
 * promises nothing). Packets are handled where they land, without a copy out.
 */
public final class BasicMessenger implements Messenger {
    private final Basic b;
    private final Arrivals arrivals = new Arrivals();
    private final byte[] last;
    private final byte[] more;

    public BasicMessenger(Basic basic) {
        this.b = basic;
        this.last = new byte[basic.maxPayload()];
        this.more = new byte[basic.maxPayload()];
        last[0] = 1;
        basic.setHandler((src, data) -> {
            if (data.length > 0 && data[0] == 1) {
                arrivals.arrived(basic.now(), src);
            }
        });
    }

    @Override
    public int host() {
        return b.host();
    }

    @Override
    public long now() {
        return b.now();
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        int max = b.maxPayload();
        int left = Math.max(1, bytes);
        while (left > max) {
            b.send(dest, more);
            left -= max;
        }
        b.send(dest, java.util.Arrays.copyOf(last, left));
    }

    @Override
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        b.pollUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public void outcome(Object outcome) {
        b.process().note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return b.counter(name);
    }
}
