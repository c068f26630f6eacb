package org.nowemu.hardware.topology;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Myrinet source routes. A route is one byte per switch the packet crosses, in the order it crosses them; each
 * switch takes its byte as a signed offset from the port the packet came in on and forwards the packet on that
 * port (Myrinet's relative addressing: 0 is back out the same port). A switch has at most 64 ports.
 */
public final class SourceRoutes {
    private SourceRoutes() {
    }

    /**
     * A shortest route from one host to another. Among shortest routes it picks the one whose bytes are
     * lowest, first byte first: breadth-first search that expands each node's ports from the lowest, so the
     * first way found to each node is the lowest, and the route does not depend on cable order.
     *
     * @param fromHost node index of the sending host
     * @param toHost   node index of the receiving host
     * @throws IllegalArgumentException if either is not a host, they are the same, or no path joins them
     */
    public static byte[] shortest(Topology t, int fromHost, int toHost) {
        byte[] r = new Graph(t).route(fromHost, toHost);
        if (r == null) {
            throw new IllegalArgumentException(t.name() + ": no path from " + t.nodes().get(fromHost).name() + " to "
                    + t.nodes().get(toHost).name());
        }
        return r;
    }

    /**
     * The routes {@link #shortest} gives from {@code fromHost} to every host, by node index (null to itself and
     * where no path exists), from one breadth-first search: the same search, run to the end.
     */
    public static byte[][] fromHost(Topology t, int fromHost) {
        return new Graph(t).fromHost(fromHost);
    }

    /**
     * A topology's cables as the far end of every port, built once and then read by any number of searches (from
     * any thread: it never changes), so that routes can be found one at a time as they are needed.
     */
    public static final class Graph {
        private final Topology t;
        private final Port[][] peer;

        public Graph(Topology t) {
            this.t = t;
            peer = new Port[t.nodes().size()][];
            for (Node node : t.nodes()) {
                peer[node.index()] = new Port[node.ports()];
            }
            for (Cable c : t.cables()) {
                peer[c.a().node()][c.a().port()] = c.b();
                peer[c.b().node()][c.b().port()] = c.a();
            }
        }

        /**
         * {@link SourceRoutes#shortest}'s route, or null where no path exists. The search stops once {@code toHost}
         * is reached: breadth first, every node nearer the source is reached by then, and those are all a route's
         * choices look at.
         */
        public byte[] route(int fromHost, int toHost) {
            host(t, fromHost);
            host(t, toHost);
            if (fromHost == toHost) {
                throw new IllegalArgumentException(t.name() + ": no route from " + t.nodes().get(fromHost).name()
                        + " to itself");
            }
            Search s = search(t, peer, fromHost, toHost);
            if (s.parent[toHost] < 0) {
                return null;
            }
            return t.spreadRoutes() ? s.spreadRoute(t, toHost) : s.route(toHost);
        }

        /** {@link SourceRoutes#fromHost}. */
        public byte[][] fromHost(int fromHost) {
            host(t, fromHost);
            Search s = search(t, peer, fromHost, -1);
            byte[][] routes = new byte[t.nodes().size()][];
            for (Node node : t.nodes()) {
                int v = node.index();
                if (node.isHost() && v != fromHost && s.parent[v] >= 0) {
                    routes[v] = t.spreadRoutes() ? s.spreadRoute(t, v) : s.route(v);
                }
            }
            return routes;
        }
    }

    /** Breadth-first from {@code fromHost}, each node's ports from the lowest; stops once {@code toHost} is found. */
    private static Search search(Topology t, Port[][] peer, int fromHost, int toHost) {
        int n = t.nodes().size();
        Search s = new Search(fromHost, peer, new int[n], new int[n], new int[n], new int[n]);
        Arrays.fill(s.parent, -1);
        s.parent[fromHost] = fromHost;
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        todo.add(fromHost);
        while (!todo.isEmpty() && (toHost < 0 || s.parent[toHost] < 0)) {
            int u = todo.poll();
            // Hosts end routes; they never forward.
            if (u != fromHost && !t.nodes().get(u).isSwitch()) {
                continue;
            }
            for (int p = 0; p < peer[u].length; p++) {
                Port far = peer[u][p];
                if (far != null && s.parent[far.node()] < 0) {
                    s.parent[far.node()] = u;
                    s.dist[far.node()] = s.dist[u] + 1;
                    s.outPort[far.node()] = p;
                    s.inPort[far.node()] = far.port();
                    todo.add(far.node());
                }
            }
        }
        return s;
    }

    /**
     * The search tree: each reached node's parent, the parent's port out to it, its port in, and its distance
     * in cables from {@code from}; {@code peer} is the far end of every port.
     */
    private record Search(int from, Port[][] peer, int[] parent, int[] outPort, int[] inPort, int[] dist) {
        /**
         * A shortest route to {@code to} chosen by {@code to}'s number: walking back from {@code to}, each step
         * takes one of the ports that lead one cable nearer the source (in port order) by the next digit of the
         * number in the mixed radix of the choices met so far. In a k-ary n-tree the first choices (nearest the
         * destination) pick the up links by the destination's base-k digits; the way up from the source to the
         * chosen top is then the only one.
         */
        byte[] spreadRoute(Topology t, int to) {
            int m = dist[to];
            int[] out = new int[m + 1]; // port of path node i towards node i+1
            int[] in = new int[m + 1];  // port of path node i from node i-1
            long rest = to;
            int v = to;
            for (int i = m; i >= 1; i--) {
                int count = 0;
                for (int q = 0; q < peer[v].length; q++) {
                    if (nearer(t, v, q)) {
                        count++;
                    }
                }
                int pick = (int) (rest % count);
                rest /= count;
                for (int q = 0; q < peer[v].length; q++) {
                    if (nearer(t, v, q) && pick-- == 0) {
                        in[i] = q;
                        out[i - 1] = peer[v][q].port();
                        v = peer[v][q].node();
                        break;
                    }
                }
            }
            byte[] route = new byte[m - 1];
            for (int i = 1; i < m; i++) {
                route[i - 1] = (byte) (out[i] - in[i]);
            }
            return route;
        }

        /** Port {@code q} of {@code v} leads one cable nearer the source, through a node that forwards. */
        private boolean nearer(Topology t, int v, int q) {
            Port far = peer[v][q];
            if (far == null || parent[far.node()] < 0 || dist[far.node()] != dist[v] - 1) {
                return false;
            }
            return far.node() == from || t.nodes().get(far.node()).isSwitch();
        }

        byte[] route(int to) {
            int switches = 0;
            for (int v = parent[to]; v != from; v = parent[v]) {
                switches++;
            }
            byte[] route = new byte[switches];
            int i = switches;
            for (int v = to; parent[v] != from; v = parent[v]) {
                route[--i] = (byte) (outPort[v] - inPort[parent[v]]);
            }
            return route;
        }
    }

    private static void host(Topology t, int node) {
        if (node < 0 || node >= t.nodes().size() || !t.nodes().get(node).isHost()) {
            throw new IllegalArgumentException(t.name() + ": node " + node + " is not a host");
        }
    }
}
