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
        host(t, fromHost);
        host(t, toHost);
        if (fromHost == toHost) {
            throw new IllegalArgumentException(t.name() + ": no route from " + t.nodes().get(fromHost).name()
                    + " to itself");
        }
        int n = t.nodes().size();
        Port[][] peer = new Port[n][];
        for (Node node : t.nodes()) {
            peer[node.index()] = new Port[node.ports()];
        }
        for (Cable c : t.cables()) {
            peer[c.a().node()][c.a().port()] = c.b();
            peer[c.b().node()][c.b().port()] = c.a();
        }
        int[] parent = new int[n];
        int[] outPort = new int[n];
        int[] inPort = new int[n];
        Arrays.fill(parent, -1);
        parent[fromHost] = fromHost;
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        todo.add(fromHost);
        while (!todo.isEmpty() && parent[toHost] < 0) {
            int u = todo.poll();
            // Hosts end routes; they never forward.
            if (u != fromHost && !t.nodes().get(u).isSwitch()) {
                continue;
            }
            for (int p = 0; p < peer[u].length; p++) {
                Port far = peer[u][p];
                if (far != null && parent[far.node()] < 0) {
                    parent[far.node()] = u;
                    outPort[far.node()] = p;
                    inPort[far.node()] = far.port();
                    todo.add(far.node());
                }
            }
        }
        if (parent[toHost] < 0) {
            throw new IllegalArgumentException(t.name() + ": no path from " + t.nodes().get(fromHost).name() + " to "
                    + t.nodes().get(toHost).name());
        }
        int switches = 0;
        for (int v = parent[toHost]; v != fromHost; v = parent[v]) {
            switches++;
        }
        byte[] route = new byte[switches];
        int i = switches;
        for (int v = toHost; parent[v] != fromHost; v = parent[v]) {
            route[--i] = (byte) (outPort[v] - inPort[parent[v]]);
        }
        return route;
    }

    private static void host(Topology t, int node) {
        if (node < 0 || node >= t.nodes().size() || !t.nodes().get(node).isHost()) {
            throw new IllegalArgumentException(t.name() + ": node " + node + " is not a host");
        }
    }
}
