package org.nowemu.mapper.check;

import java.util.BitSet;
import java.util.List;
import org.nowemu.mapper.discover.Prober;

/**
 * A prober that walks the real topology instead of sending packets: probes are never lost to contention, and
 * every host answers with priority 0. For testing the explorer on many topologies quickly; the emulated daemons
 * send real packets.
 */
public final class TopologyProber implements Prober {
    private final Walks walks;
    private final int self;
    private long sent;
    private long lost;

    public TopologyProber(Walks walks, int self) {
        this.walks = walks;
        this.self = self;
    }

    @Override
    public HostReply[] hosts(List<byte[]> routes, List<byte[]> replies) {
        HostReply[] out = new HostReply[routes.size()];
        for (int i = 0; i < out.length; i++) {
            sent++;
            Walks.End there = walks.walk(self, routes.get(i), false);
            if (there != null) {
                int nic = walks.nicOf(there.node());
                Walks.End back = walks.walk(nic, replies.get(i), false);
                if (back != null && back.node() == walks.hostNode(self)) {
                    out[i] = new HostReply(nic, 0);
                    continue;
                }
            }
            lost++;
        }
        return out;
    }

    @Override
    public BitSet loops(List<byte[]> routes) {
        BitSet out = new BitSet(routes.size());
        for (int i = 0; i < routes.size(); i++) {
            sent++;
            Walks.End there = walks.walk(self, routes.get(i), false);
            if (there != null && there.node() == walks.hostNode(self)) {
                out.set(i);
            } else {
                lost++;
            }
        }
        return out;
    }

    @Override
    public long sent() {
        return sent;
    }

    @Override
    public long lost() {
        return lost;
    }
}
