package org.nowemu.mapper.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/**
 * The network as a mapper discovered it, from one host (the prober). Switches are anonymous: each is known by
 * the route that first reached it, and its ports by their offset from the port that route entered it on (its
 * canonical entry, offset 0), as Myrinet's relative route bytes name them. Hosts are known by their NIC
 * addresses. A link joins two (switch, offset) ends; a host hangs off one.
 */
public final class NetMap {
    /** A port of a discovered switch: its offset from the switch's canonical entry port. */
    public record End(int sw, int offset) {
    }

    /** A discovered switch. */
    public static final class Switch {
        public final int id;
        /** Route bytes from the prober to this switch: the packet enters it on its canonical entry port. */
        public final byte[] route;
        /** Route bytes from this switch, leaving by its canonical entry port, back to the prober. */
        public final byte[] back;
        /** Hosts on its ports, by offset. */
        public final TreeMap<Integer, Integer> hosts = new TreeMap<>();
        /** Links to other switches' ports, by offset. */
        public final TreeMap<Integer, End> links = new TreeMap<>();

        Switch(int id, byte[] route, byte[] back) {
            this.id = id;
            this.route = route.clone();
            this.back = back.clone();
        }
    }

    private final int prober;
    private final List<Switch> switches = new ArrayList<>();
    private final TreeMap<Integer, End> hostEnds = new TreeMap<>();

    /** @param prober the NIC address of the host that mapped */
    public NetMap(int prober) {
        this.prober = prober;
    }

    public int prober() {
        return prober;
    }

    public Switch add(byte[] route, byte[] back) {
        Switch s = new Switch(switches.size(), route, back);
        switches.add(s);
        return s;
    }

    public List<Switch> switches() {
        return Collections.unmodifiableList(switches);
    }

    public Switch get(int id) {
        return switches.get(id);
    }

    public void host(int nic, End at) {
        switches.get(at.sw()).hosts.put(at.offset(), nic);
        hostEnds.put(nic, at);
    }

    /** Where host {@code nic} hangs, or null if it was not found. */
    public End hostEnd(int nic) {
        return hostEnds.get(nic);
    }

    /** Host NIC addresses found, ascending. */
    public List<Integer> hosts() {
        return List.copyOf(hostEnds.keySet());
    }

    public void link(End a, End b) {
        switches.get(a.sw()).links.put(a.offset(), b);
        switches.get(b.sw()).links.put(b.offset(), a);
    }

    /** Switch-to-switch links, each counted once. */
    public int linkCount() {
        int ends = 0;
        for (Switch s : switches) {
            ends += s.links.size();
        }
        return ends / 2;
    }

    /** The map in Graphviz DOT: switches as boxes, hosts as ellipses, edges labelled with port offsets. */
    public String dot() {
        StringBuilder b = new StringBuilder("graph network {\n  node [shape=box];\n");
        for (Switch s : switches) {
            b.append("  s").append(s.id).append(";\n");
        }
        for (Switch s : switches) {
            for (var h : s.hosts.entrySet()) {
                b.append("  h").append(h.getValue()).append(" [shape=ellipse];\n");
                b.append("  s").append(s.id).append(" -- h").append(h.getValue())
                        .append(" [taillabel=\"").append(h.getKey()).append("\"];\n");
            }
            for (var l : s.links.entrySet()) {
                End far = l.getValue();
                if (far.sw() > s.id || (far.sw() == s.id && far.offset() > l.getKey())) {
                    b.append("  s").append(s.id).append(" -- s").append(far.sw()).append(" [taillabel=\"")
                            .append(l.getKey()).append("\", headlabel=\"").append(far.offset()).append("\"];\n");
                }
            }
        }
        return b.append("}\n").toString();
    }
}
