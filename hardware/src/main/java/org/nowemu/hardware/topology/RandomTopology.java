package org.nowemu.hardware.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.nowemu.actors.config.ConfigReader;

/**
 * A random connected network, the same for the same seed. Parameters under {@code nowemu.topology.random}:
 * {@code switches} (at least 1), {@code hosts} (at least 1), {@code extra-cables} (at least 0) and
 * {@code seed}.
 *
 * <p>The graph is drawn from one {@link SplittableRandom} seeded with {@code seed}, in three steps:
 * <ol>
 *   <li>a random spanning tree: the switches are shuffled and each, in shuffled order, is cabled to a
 *       uniformly chosen earlier switch that still has a free port;</li>
 *   <li>the hosts, {@code h0} first, each on a uniformly chosen switch with a free port;</li>
 *   <li>up to {@code extra-cables} cables, each between two different uniformly chosen switches with free
 *       ports, while at least two switches have one; fewer are placed when ports run out.</li>
 * </ol>
 * Hosts are drawn before the extra cables so that they always fit: a tree of {@code S} switches leaves
 * {@code S*ports - 2(S-1)} free ports whatever its shape, and {@code hosts} must not exceed that. Extra
 * cables never join a switch to itself but may run parallel to an existing cable, as Myrinet installations
 * double cables for bandwidth. Ports are assigned after drawing, by the usual convention: a switch's hosts
 * on ports 0 upward in host order, then its inter-switch cables in the order drawn (tree, then extras).
 */
public final class RandomTopology extends TopologyBuilder {
    private static final String KEY = "nowemu.topology.random.";

    public RandomTopology() {
        super("random", "a seeded random connected graph: spanning tree, extra cables, hosts on free ports");
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int switches = Wiring.count(config, KEY + "switches", 1);
        int hosts = Wiring.count(config, KEY + "hosts", 1);
        int extra = Wiring.count(config, KEY + "extra-cables", 0);
        long seed = config.longValue(KEY + "seed");
        Wiring.fits(config, KEY + "hosts", (long) switches + hosts);
        if (switches > 1 && switchPorts < 2) {
            throw config.bad(KEY + "switches", "joining " + switches + " switches in a tree needs at least 2 ports"
                    + " per switch, they have " + switchPorts);
        }
        long free = (long) switches * switchPorts - 2L * (switches - 1);
        if (hosts > free) {
            throw config.bad(KEY + "hosts", switches + " switches of " + switchPorts + " ports have " + free
                    + " ports left after the spanning tree, too few for " + hosts + " hosts");
        }

        SplittableRandom random = new SplittableRandom(seed);
        int[] degree = new int[switches];
        List<int[]> links = new ArrayList<>();
        int[] order = shuffled(switches, random);
        Open open = new Open(switchPorts, degree);
        open.add(order[0]);
        for (int i = 1; i < switches; i++) {
            int parent = open.take(random.nextInt(open.size()));
            open.add(order[i]);
            open.take(open.size() - 1);
            links.add(new int[] {parent, order[i]});
        }

        open = new Open(switchPorts, degree);
        for (int s = 0; s < switches; s++) {
            open.add(s);
        }
        int[] hostSwitch = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            hostSwitch[h] = open.take(random.nextInt(open.size()));
        }
        for (int e = 0; e < extra && open.size() >= 2; e++) {
            int i = random.nextInt(open.size());
            int j = random.nextInt(open.size() - 1);
            if (j >= i) {
                j++;
            }
            // Take the later position first: taking one may move the last entry into its place.
            int a = open.get(i);
            int b = open.get(j);
            open.take(Math.max(i, j));
            open.take(Math.min(i, j));
            links.add(new int[] {a, b});
        }

        Wiring w = new Wiring(name(), hosts, switches, switchPorts);
        for (int h = 0; h < hosts; h++) {
            w.attach(h, hostSwitch[h]);
        }
        for (int[] l : links) {
            w.link(l[0], l[1]);
        }
        return w.topology();
    }

    private static int[] shuffled(int n, SplittableRandom random) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    /**
     * The switches that still have a free port, in a list whose order depends only on the draws so far.
     * Taking a port from a switch that then fills moves the last entry into its place.
     */
    private static final class Open {
        private final int ports;
        private final int[] degree;
        private final List<Integer> switches = new ArrayList<>();

        Open(int ports, int[] degree) {
            this.ports = ports;
            this.degree = degree;
        }

        void add(int s) {
            if (degree[s] < ports) {
                switches.add(s);
            }
        }

        int size() {
            return switches.size();
        }

        int get(int position) {
            return switches.get(position);
        }

        /** Uses one port of the switch at {@code position} and returns the switch. */
        int take(int position) {
            int s = switches.get(position);
            degree[s]++;
            if (degree[s] == ports) {
                int last = switches.remove(switches.size() - 1);
                if (position < switches.size()) {
                    switches.set(position, last);
                }
            }
            return s;
        }
    }
}
