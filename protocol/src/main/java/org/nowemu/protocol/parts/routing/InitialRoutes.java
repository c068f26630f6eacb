package org.nowemu.protocol.parts.routing;

import java.util.HashMap;
import java.util.List;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;

/**
 * The routing tables NICs start with, before a mapper rewrites them: the topology's shortest source route to each
 * other host (null to itself, and where no path exists).
 *
 * <p>Each route is found when a NIC first asks for it, by a search that stops at its destination, and the NIC keeps
 * it. All rows of N hosts are N² routes (268 million for 16,384 hosts, minutes of searching and gigabytes kept),
 * while a NIC usually sends to a few hosts. The answer is the same whenever it is asked, so nothing observable
 * depends on when a route is found.
 */
public final class InitialRoutes {
    private final Topology topology;
    private final SourceRoutes.Graph graph;

    /** One per model: the topology's graph is built once and read by every NIC's searches. */
    public InitialRoutes(Topology topology) {
        this.topology = topology;
        this.graph = new SourceRoutes.Graph(topology);
    }

    /** The routes from host {@code from} (host order), found as they are asked for. */
    public Routes from(int from) {
        return new Lazy(topology.hosts(), graph, from);
    }

    /** One NIC's routes: only that NIC's firmware asks, so the routes it found are its own. */
    private static final class Lazy implements Routes {
        private static final byte[] NONE = new byte[0];
        private final List<Node> hosts;
        private final SourceRoutes.Graph graph;
        private final int from;
        /** Routes found so far, NONE where there is none; looked up, never iterated. */
        private final HashMap<Integer, byte[]> found = new HashMap<>();

        Lazy(List<Node> hosts, SourceRoutes.Graph graph, int from) {
            this.hosts = hosts;
            this.graph = graph;
            this.from = from;
        }

        @Override
        public int nics() {
            return hosts.size();
        }

        @Override
        public byte[] to(int nic) {
            if (nic < 0 || nic >= hosts.size() || nic == from) {
                return null;
            }
            byte[] r = found.get(nic);
            if (r == null) {
                r = graph.route(hosts.get(from).index(), hosts.get(nic).index());
                found.put(nic, r == null ? NONE : r);
            }
            return r == NONE ? null : r;
        }
    }
}
