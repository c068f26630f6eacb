package org.nowemu.mapper.check;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.hardware.topology.Cable;
import org.nowemu.hardware.topology.Node;
import org.nowemu.mapper.graph.NetMap;

/**
 * Compares a discovered map with the real topology. Each discovered switch is placed by walking its route from
 * the prober over the real cables (which gives the real switch and the port its canonical entry is); then every
 * discovered host and link must be a real one, port for port, no two discovered switches may be one real switch,
 * and nothing reachable may be missing. Port-exact agreement implies the two graphs are isomorphic.
 */
public final class MapCheck {
    /** What was compared: reachable truth, and whether the map matches it exactly. */
    public record Result(int hosts, int switches, int links, boolean isomorphic, String why) {
    }

    private MapCheck() {
    }

    public static Result compare(NetMap map, Walks walks) {
        Reachable truth = Reachable.from(walks, map.prober());
        int[] real = new int[map.switches().size()];
        int[] entry = new int[map.switches().size()];
        TreeSet<Integer> used = new TreeSet<>();
        for (NetMap.Switch s : map.switches()) {
            Walks.End at;
            if (s.route.length == 0) {
                int[] p = walks.peer(walks.hostNode(map.prober()), 0);
                at = p == null ? null : new Walks.End(p[0], p[1], java.util.List.of());
            } else {
                at = walks.walk(map.prober(), s.route, true);
            }
            if (at == null) {
                return fail(truth, "switch " + s.id + "'s route leads nowhere");
            }
            if (!used.add(at.node())) {
                return fail(truth, "switches found twice: " + walks.topology().nodes().get(at.node()).name());
            }
            real[s.id] = at.node();
            entry[s.id] = at.port();
        }
        int links = 0;
        for (NetMap.Switch s : map.switches()) {
            for (Map.Entry<Integer, Integer> h : s.hosts.entrySet()) {
                int[] p = walks.peer(real[s.id], entry[s.id] + h.getKey());
                if (p == null || p[0] != walks.hostNode(h.getValue())) {
                    return fail(truth, "host " + h.getValue() + " is not on switch " + s.id + " offset " + h.getKey());
                }
            }
            for (Map.Entry<Integer, NetMap.End> l : s.links.entrySet()) {
                int[] p = walks.peer(real[s.id], entry[s.id] + l.getKey());
                NetMap.End far = l.getValue();
                if (p == null || p[0] != real[far.sw()] || p[1] != entry[far.sw()] + far.offset()) {
                    return fail(truth, "no cable for switch " + s.id + " offset " + l.getKey());
                }
                links++;
            }
        }
        links /= 2;
        boolean complete = map.switches().size() == truth.switches && map.hosts().size() == truth.hosts
                && links == truth.links;
        return new Result(truth.hosts, truth.switches, truth.links, complete,
                complete ? "" : "found " + map.hosts().size() + " hosts, " + map.switches().size() + " switches, "
                        + links + " links");
    }

    private static Result fail(Reachable truth, String why) {
        return new Result(truth.hosts, truth.switches, truth.links, false, why);
    }

    /** The part of the real network the prober can reach: through switches only. */
    private record Reachable(int hosts, int switches, int links) {
        static Reachable from(Walks w, int prober) {
            var t = w.topology();
            TreeSet<Integer> seen = new TreeSet<>();
            java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
            int start = w.hostNode(prober);
            seen.add(start);
            todo.add(start);
            TreeMap<Integer, Node> nodes = new TreeMap<>();
            while (!todo.isEmpty()) {
                int u = todo.poll();
                Node n = t.nodes().get(u);
                nodes.put(u, n);
                if (!n.isSwitch() && u != start) {
                    continue;
                }
                for (int p = 0; p < n.ports(); p++) {
                    int[] far = w.peer(u, p);
                    if (far != null && seen.add(far[0])) {
                        todo.add(far[0]);
                    }
                }
            }
            int hosts = 0;
            int switches = 0;
            for (Node n : nodes.values()) {
                if (n.isSwitch()) {
                    switches++;
                } else {
                    hosts++;
                }
            }
            int links = 0;
            for (Cable c : w.cables()) {
                if (seen.contains(c.a().node()) && t.nodes().get(c.a().node()).isSwitch()
                        && t.nodes().get(c.b().node()).isSwitch()) {
                    links++;
                }
            }
            return new Reachable(hosts, switches, links);
        }
    }
}
