package org.nowemu.protocol.pm;

import java.util.Arrays;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * PM behind a {@link Messenger}: a message is split into packets of at most PM's packet size, the last marked in
 * its first byte; it has arrived when its last packet has been handled (PM delivers in order, so all have). Also
 * {@link #multicast}, PM's multisend, with the signature of the multicast experiment's {@code Multicaster}.
 */
public final class PmMessenger implements Messenger {
    private final Pm pm;
    private final Arrivals arrivals = new Arrivals();
    private final byte[] last;
    private final byte[] more;

    public PmMessenger(Pm pm) {
        this.pm = pm;
        this.last = new byte[pm.maxPacket()];
        this.more = new byte[pm.maxPacket()];
        last[0] = 1;
        pm.setHandler((src, data) -> {
            if (data.length > 0 && data[0] == 1) {
                arrivals.arrived(pm.now());
            }
        });
    }

    @Override
    public int host() {
        return pm.host();
    }

    @Override
    public long now() {
        return pm.now();
    }

    @Override
    public void send(int dest, int bytes) {
        multisend(new int[] {dest}, bytes);
    }

    /**
     * Sends {@code bytes} bytes to hosts 0 .. {@code members} - 1 but this one by PM's multisend: each packet of
     * the message is fetched once and sent by the NIC to each member in turn.
     */
    public void multicast(int members, int bytes) {
        int[] dests = new int[members - (host() < members ? 1 : 0)];
        for (int h = 0, i = 0; h < members; h++) {
            if (h != host()) {
                dests[i++] = h;
            }
        }
        multisend(dests, bytes);
    }

    private void multisend(int[] dests, int bytes) {
        int max = pm.maxPacket();
        int left = Math.max(1, bytes);
        while (left > max) {
            out(dests, more);
            left -= max;
        }
        out(dests, Arrays.copyOf(last, left));
    }

    private void out(int[] dests, byte[] packet) {
        if (dests.length == 1) {
            pm.send(dests[0], packet);
        } else {
            pm.multisend(dests, packet);
        }
    }

    @Override
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    public void await(long count, long deadline) {
        pm.pollUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public Counter counter(String name) {
        return pm.counter(name);
    }
}
