package org.nowemu.hardware.cluster;

import java.util.TreeMap;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * Cables that are cut at a virtual time, and switches that fail (all their cables cut at once). Both ends of a
 * cable are cut together. Immutable: {@link #cable} and {@link #switchDown} return a new set.
 */
public final class Failures {
    private final Topology topology;
    private final TreeMap<Port, Long> cutAt;

    private Failures(Topology topology, TreeMap<Port, Long> cutAt) {
        this.topology = topology;
        this.cutAt = cutAt;
    }

    /** No failures. */
    public static Failures none() {
        return new Failures(null, new TreeMap<>());
    }

    /** No failures yet, on {@code topology}. */
    public static Failures on(Topology topology) {
        return new Failures(topology, new TreeMap<>());
    }

    /** These failures and the cable plugged into {@code end} cut at {@code atPs}. */
    public Failures cable(Port end, long atPs) {
        Port far = topology.peer(end);
        if (far == null) {
            throw new IllegalArgumentException("no cable is plugged into " + topology.nodes().get(end.node()).name()
                    + " port " + end.port());
        }
        TreeMap<Port, Long> m = new TreeMap<>(cutAt);
        m.merge(end, atPs, Math::min);
        m.merge(far, atPs, Math::min);
        return new Failures(topology, m);
    }

    /** These failures and every cable of switch {@code node} cut at {@code atPs}. */
    public Failures switchDown(int node, long atPs) {
        Node n = topology.nodes().get(node);
        if (!n.isSwitch()) {
            throw new IllegalArgumentException(n.name() + " is not a switch");
        }
        Failures f = this;
        for (int p = 0; p < n.ports(); p++) {
            if (topology.peer(new Port(node, p)) != null) {
                f = f.cable(new Port(node, p), atPs);
            }
        }
        return f;
    }

    /** When the cable at {@code end} is cut ({@link Peer#NEVER}: never). */
    public long cutAt(Port end) {
        return cutAt.getOrDefault(end, Peer.NEVER);
    }
}
