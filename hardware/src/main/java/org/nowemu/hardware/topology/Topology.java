package org.nowemu.hardware.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The network: hosts and switches ({@link Node}) joined by cables ({@link Cable}). Built by a
 * {@link TopologyBuilder} of the registry; the constructor checks it is well formed, so every topology the
 * emulation sees is connected, uses no port twice and no port a node does not have, and gives every host
 * exactly one cable.
 */
public final class Topology {
    private final String name;
    private final List<Node> nodes;
    private final List<Cable> cables;
    private final boolean spreadRoutes;
    /** Derived once: asked for per host while a model is built, so computing them each time is quadratic. */
    private final List<Node> hosts;
    private final List<Node> switches;

    /**
     * @param name   the builder's name (or the file's)
     * @param nodes  hosts and switches; {@code nodes.get(i).index() == i}
     * @param cables the links
     * @param spreadRoutes how {@link SourceRoutes} picks among shortest routes: false, the lowest bytes; true, by
     *               the destination's number, so that traffic to different hosts spreads over parallel paths (a
     *               fat tree's up links) instead of all taking the lowest port
     */
    public Topology(String name, List<Node> nodes, List<Cable> cables, boolean spreadRoutes) {
        this.name = name;
        this.nodes = List.copyOf(nodes);
        this.cables = List.copyOf(cables);
        this.spreadRoutes = spreadRoutes;
        check(name, this.nodes, this.cables);
        this.hosts = this.nodes.stream().filter(Node::isHost).toList();
        this.switches = this.nodes.stream().filter(Node::isSwitch).toList();
    }

    public String name() {
        return name;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<Cable> cables() {
        return cables;
    }

    public boolean spreadRoutes() {
        return spreadRoutes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Topology t && name.equals(t.name) && nodes.equals(t.nodes) && cables.equals(t.cables)
                && spreadRoutes == t.spreadRoutes;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(name, nodes, cables, spreadRoutes);
    }

    @Override
    public String toString() {
        return "Topology[name=" + name + ", nodes=" + nodes.size() + ", cables=" + cables.size() + ", spreadRoutes="
                + spreadRoutes + "]";
    }

    public Topology(String name, List<Node> nodes, List<Cable> cables) {
        this(name, nodes, cables, false);
    }

    /** The same network, with routes spread by destination (see {@code spreadRoutes}). */
    public Topology withSpreadRoutes(boolean spread) {
        return new Topology(name, nodes, cables, spread);
    }

    public List<Node> hosts() {
        return hosts;
    }

    public List<Node> switches() {
        return switches;
    }

    /** The port at the far end of the cable plugged into {@code p}, or null when nothing is plugged in. */
    public Port peer(Port p) {
        return peers().get(p);
    }

    /** Every plugged port mapped to its peer, in port order. */
    public TreeMap<Port, Port> peers() {
        TreeMap<Port, Port> m = new TreeMap<>();
        for (Cable c : cables) {
            m.put(c.a(), c.b());
            m.put(c.b(), c.a());
        }
        return m;
    }

    private static void check(String name, List<Node> nodes, List<Cable> cables) {
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            if (n.index() != i) {
                throw new IllegalArgumentException(name + ": node " + n.name() + " has index " + n.index() + " at position " + i);
            }
            if (n.isHost() && n.ports() != 1) {
                throw new IllegalArgumentException(name + ": host " + n.name() + " must have one port, has " + n.ports());
            }
        }
        TreeMap<Port, Cable> used = new TreeMap<>();
        List<List<Integer>> adjacent = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            adjacent.add(new ArrayList<>());
        }
        for (Cable c : cables) {
            for (Port p : List.of(c.a(), c.b())) {
                if (p.node() < 0 || p.node() >= nodes.size()) {
                    throw new IllegalArgumentException(name + ": cable " + c + " names no node " + p.node());
                }
                Node n = nodes.get(p.node());
                if (p.port() < 0 || p.port() >= n.ports()) {
                    throw new IllegalArgumentException(name + ": " + n.name() + " has no port " + p.port()
                            + " (it has " + n.ports() + ")");
                }
                Cable before = used.put(p, c);
                if (before != null) {
                    throw new IllegalArgumentException(name + ": port " + p.port() + " of " + n.name() + " is used twice");
                }
            }
            adjacent.get(c.a().node()).add(c.b().node());
            adjacent.get(c.b().node()).add(c.a().node());
        }
        for (Node n : nodes) {
            if (n.isHost() && !used.containsKey(new Port(n.index(), 0))) {
                throw new IllegalArgumentException(name + ": host " + n.name() + " has no cable");
            }
        }
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException(name + ": no nodes");
        }
        boolean[] seen = new boolean[nodes.size()];
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(0));
        seen[0] = true;
        int reached = 1;
        while (!todo.isEmpty()) {
            for (int next : adjacent.get(todo.poll())) {
                if (!seen[next]) {
                    seen[next] = true;
                    reached++;
                    todo.add(next);
                }
            }
        }
        if (reached != nodes.size()) {
            for (Node n : nodes) {
                if (!seen[n.index()]) {
                    throw new IllegalArgumentException(name + ": not connected: " + n.name() + " cannot be reached from "
                            + nodes.get(0).name());
                }
            }
        }
    }
}
