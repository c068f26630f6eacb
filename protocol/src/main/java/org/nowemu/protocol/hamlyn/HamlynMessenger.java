package org.nowemu.protocol.hamlyn;

import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * Hamlyn behind a {@link Messenger}: a message is written into the destination's area in sends of at most
 * {@link Hamlyn#maxSend} bytes, at offsets that go round this sender's share (the benchmarks' receivers consume
 * each message as it is notified, the agreement that makes reuse safe); the last send is marked in its first byte.
 */
public final class HamlynMessenger implements Messenger {
    private final Hamlyn h;
    private final Arrivals arrivals = new Arrivals();
    private final byte[] last;
    private final byte[] more;
    private final long[] nextOffset;

    public HamlynMessenger(Hamlyn h) {
        this.h = h;
        this.last = new byte[h.maxSend()];
        this.more = new byte[h.maxSend()];
        this.nextOffset = new long[h.hosts()];
        last[0] = 1;
        h.setHandler((src, offset, data) -> {
            if (data.length > 0 && data[0] == 1) {
                arrivals.arrived(h.now(), src);
            }
        });
    }

    @Override
    public int host() {
        return h.host();
    }

    @Override
    public long now() {
        return h.now();
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        int left = Math.max(1, bytes);
        while (left > h.maxSend()) {
            write(dest, more);
            left -= h.maxSend();
        }
        write(dest, Arrays.copyOf(last, left));
    }

    @continuable
    private void write(int dest, byte[] data) {
        if (nextOffset[dest] + data.length > h.areaShare()) {
            nextOffset[dest] = 0;
        }
        h.send(dest, (int) nextOffset[dest], data);
        nextOffset[dest] += data.length;
    }

    @Override
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        h.pollUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public void outcome(Object outcome) {
        h.process().note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return h.counter(name);
    }
}
