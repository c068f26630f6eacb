package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * A k-ary n-tree after Petrini and Vanneschi: {@code k^n} hosts and {@code n} levels of {@code k^(n-1)}
 * switches, each switch with {@code k} ports down and {@code k} up; the top level uses only its down ports.
 * Parameters under {@code nowemu.topology.fat-tree}: {@code k} (at least 1) and {@code levels} ({@code n},
 * at least 1). A tree of more than one level needs {@code 2k <= ports}; a one-level tree is a single switch
 * and needs only {@code k <= ports}.
 *
 * <p>Levels are numbered from the hosts: level 0 holds the leaves. Switch {@code w} of level {@code l}
 * ({@code 0 <= w < k^(n-1)}) is {@code s<l*k^(n-1)+w>}. Down ports are {@code 0..k-1}, up ports
 * {@code k..2k-1}. Host {@code h<p>} is on port {@code p mod k} of leaf {@code p / k}. Up port {@code k+j}
 * of switch {@code w} at level {@code l} leads to the level {@code l+1} switch whose base-k digit {@code l}
 * is {@code j} (all other digits as in {@code w}), arriving at that switch's down port equal to digit
 * {@code l} of {@code w}. Petrini and Vanneschi number levels from the root and change digit {@code l}
 * between their levels {@code l} and {@code l+1}; numbering from the leaves gives the same graph with the
 * digits relabelled, and lets a leaf's number be its hosts' numbers divided by k.
 *
 * <p>With {@code spread-routes} (the default) the topology's shortest routes are chosen by the destination's
 * number ({@link SourceRoutes}): in a k-ary n-tree that picks the top of the route by the destination's base-k
 * digits, as the usual destination-mod-k routing of fat trees does, so that a permutation uses the tree's
 * bandwidth instead of sending everything up the first up port.
 */
public final class FatTreeTopology extends TopologyBuilder {
    private static final String KEY = "nowemu.topology.fat-tree.";

    public FatTreeTopology() {
        super("fat-tree", "a k-ary n-tree: k^n hosts, n levels of k^(n-1) switches");
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int k = Wiring.count(config, KEY + "k", 1);
        int levels = config.intIn(KEY + "levels", 1, 64);
        if (levels > 1 && 2L * k > switchPorts) {
            throw config.bad(KEY + "k", "a tree of " + levels + " levels needs 2k ports per switch (k down, k up), and"
                    + " the switches have " + switchPorts + ", so k is at most " + switchPorts / 2 + ", got " + k);
        }
        if (levels == 1 && k > switchPorts) {
            throw config.bad(KEY + "k", "a one-level tree is one switch with k hosts, so k is at most " + switchPorts
                    + ", got " + k);
        }
        long perLevel = 1;
        for (int l = 1; l < levels && perLevel <= Wiring.MAX_NODES; l++) {
            perLevel *= k;
        }
        Wiring.fits(config, KEY + "levels", perLevel * k + perLevel * levels);
        int width = (int) perLevel;
        int hosts = width * k;
        Wiring w = new Wiring(name(), hosts, levels * width, switchPorts);
        for (int p = 0; p < hosts; p++) {
            w.attach(p, p / k, p % k);
        }
        int weight = 1; // k^l: the value of base-k digit l
        for (int l = 0; l + 1 < levels; l++, weight *= k) {
            for (int s = 0; s < width; s++) {
                int digit = (s / weight) % k;
                for (int j = 0; j < k; j++) {
                    int parent = s + (j - digit) * weight;
                    w.link(l * width + s, k + j, (l + 1) * width + parent, digit);
                }
            }
        }
        return w.topology().withSpreadRoutes(config.bool(KEY + "spread-routes"));
    }
}
