package org.nowemu.protocol.pm;

import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/**
 * PM behind a benchmark Messenger: a message is split into packets of at most PM's packet size, the last marked in
 * its first byte; it has arrived when its last packet has been handled (PM delivers in order, so all have). As a
 * {@link Multicaster} it multicasts by PM's multisend.
 */
public final class PmMessenger implements Multicaster {
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
                arrivals.arrived(pm.now(), src);
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
    @continuable
    public void send(int dest, int bytes) {
        multisend(new int[] {dest}, bytes);
    }

    @Override
    public MulticastMode mode() {
        return MulticastMode.MULTISEND;
    }

    /**
     * Sends {@code bytes} bytes to hosts {@code first} .. {@code first + members - 1} but this one by PM's
     * multisend: each packet of the message is fetched once and sent by the NIC to each member in turn.
     */
    @Override
    @continuable
    public void multicast(int first, int members, int bytes) {
        boolean in = host() >= first && host() < first + members;
        int[] dests = new int[members - (in ? 1 : 0)];
        for (int h = first, i = 0; h < first + members; h++) {
            if (h != host()) {
                dests[i++] = h;
            }
        }
        multisend(dests, bytes);
    }

    @continuable
    private void multisend(int[] dests, int bytes) {
        int max = pm.maxPacket();
        int left = Math.max(1, bytes);
        while (left > max) {
            out(dests, more);
            left -= max;
        }
        out(dests, Arrays.copyOf(last, left));
    }

    @continuable
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
    @continuable
    public void await(long count, long deadline) {
        pm.pollUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public void outcome(Object outcome) {
        pm.process().note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return pm.counter(name);
    }
}
