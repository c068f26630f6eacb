package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;

/** Test helpers: configuration from a HOCON snippet, and checks made without trusting {@link Topology}'s own. */
final class Checks {
    private Checks() {
    }

    static ConfigReader config(String hocon) {
        return new ConfigReader(
                ConfigFactory.parseString(hocon).withFallback(ConfigFactory.defaultReference()).resolve());
    }

    static Topology build(String hocon) {
        return Topologies.build(config(hocon), 8);
    }

    /** Building from {@code hocon} is refused as bad input, with a message that starts with {@code start}. */
    static void refused(String hocon, String start) {
        String m = assertThrows(BadInputException.class, () -> build(hocon)).getMessage();
        assertTrue(m.startsWith(start), m);
    }

    /**
     * {@code t} is well formed ({@link #wellFormed}) and has {@code switches} switches, {@code hosts} hosts,
     * {@code cables} cables in all, {@code switchCables} of them between switches.
     */
    static void shape(Topology t, int switches, int hosts, int cables, int switchCables) {
        wellFormed(t);
        assertEquals(switches, t.switches().size(), "switches");
        assertEquals(hosts, t.hosts().size(), "hosts");
        assertEquals(cables, t.cables().size(), "cables");
        assertEquals(switchCables, switchCables(t), "cables between switches");
    }

    /** Indices match positions, every cable end is a real port, no port carries two cables, hosts have one. */
    static void wellFormed(Topology t) {
        TreeSet<Port> used = new TreeSet<>();
        for (int i = 0; i < t.nodes().size(); i++) {
            assertEquals(i, t.nodes().get(i).index());
        }
        for (Cable c : t.cables()) {
            for (Port p : List.of(c.a(), c.b())) {
                assertTrue(p.port() >= 0 && p.port() < t.nodes().get(p.node()).ports(), "port in range: " + p);
                assertTrue(used.add(p), "port used twice: " + p);
            }
        }
        for (Node n : t.hosts()) {
            assertEquals(1, n.ports());
            assertTrue(used.contains(new Port(n.index(), 0)), "host has a cable: " + n.name());
        }
    }

    /** The most ports any one switch has plugged. */
    static int mostPortsUsed(Topology t) {
        int[] used = new int[t.nodes().size()];
        for (Cable c : t.cables()) {
            used[c.a().node()]++;
            used[c.b().node()]++;
        }
        int most = 0;
        for (Node n : t.switches()) {
            most = Math.max(most, used[n.index()]);
        }
        return most;
    }

    static long switchCables(Topology t) {
        return t.cables().stream()
                .filter(c -> t.nodes().get(c.a().node()).isSwitch() && t.nodes().get(c.b().node()).isSwitch())
                .count();
    }

    /** Sizes of the connected pieces left when the named nodes are taken out, smallest first. */
    static List<Integer> pieces(Topology t, String... removed) {
        boolean[] gone = new boolean[t.nodes().size()];
        for (String name : removed) {
            gone[node(t, name).index()] = true;
        }
        List<List<Integer>> next = new ArrayList<>();
        for (int i = 0; i < t.nodes().size(); i++) {
            next.add(new ArrayList<>());
        }
        for (Cable c : t.cables()) {
            next.get(c.a().node()).add(c.b().node());
            next.get(c.b().node()).add(c.a().node());
        }
        List<Integer> sizes = new ArrayList<>();
        for (int start = 0; start < gone.length; start++) {
            if (gone[start]) {
                continue;
            }
            int size = 0;
            ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(start));
            gone[start] = true;
            while (!todo.isEmpty()) {
                size++;
                for (int v : next.get(todo.poll())) {
                    if (!gone[v]) {
                        gone[v] = true;
                        todo.add(v);
                    }
                }
            }
            sizes.add(size);
        }
        sizes.sort(null);
        return sizes;
    }

    static Node node(Topology t, String name) {
        return t.nodes().stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
    }

    static Port port(Topology t, String name, int port) {
        return new Port(node(t, name).index(), port);
    }
}
