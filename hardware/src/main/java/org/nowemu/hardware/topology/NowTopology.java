package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * The Berkeley NOW network, fixed. Its one key, {@code nowemu.topology.now.spread-routes}, says how the topology's
 * shortest routes are chosen ({@link SourceRoutes}): the lowest ports (the default), which send every flow between
 * sub-clusters through middle 0, top 0 and the first join; or by the destination's number, which spreads them over
 * both joins and all six cables into them (the permutations experiment's choice, experiments §4).
 *
 * <p><b>Published:</b> 100 hosts on 40 eight-port Myrinet switches, 193 cables in all (so 93 between
 * switches), wired as a fat-tree-like network of three sub-clusters joined through two switches, with few
 * cables across the bisection. The exact wiring was not published; everything below is a choice made to
 * meet those numbers and that description.
 *
 * <p><b>Chosen:</b> each sub-cluster is a three-level fat-tree-like tree, the two joining switches act as a
 * shared fourth level.
 * <ul>
 *   <li>Leaves: 5 hosts on ports 0..4 and 3 uplinks on ports 5..7. Sub-clusters A and B have 7 leaves
 *       (35 hosts each), C has 6 (30 hosts): 20 leaves, 100 hosts.</li>
 *   <li>Middle: 4 switches per sub-cluster. Leaf {@code i} of a sub-cluster is cabled to every middle
 *       switch except middle {@code i mod 4}, so each middle switch carries 4 to 6 leaves, on ports from 0
 *       in leaf order, then one cable to each of the two top switches.</li>
 *   <li>Top: 2 switches per sub-cluster, each cabled to all 4 middle switches (ports 0..3); top {@code t}
 *       has one cable (port 4) to joining switch {@code t}.</li>
 *   <li>Joins: two switches, {@code s38} and {@code s39}. Join {@code t} has one cable from top {@code t}
 *       of each sub-cluster (ports 0..2, sub-clusters A, B, C) and a trunk of three parallel cables to the
 *       other join (ports 3..5).</li>
 * </ul>
 * The six cables into the joins are the whole bisection: each sub-cluster reaches the rest of the network
 * through exactly two cables, and removing the two joins leaves the three sub-clusters apart. The trunk
 * only carries traffic when a sub-cluster's cable to one join is down; three cables is the number that
 * brings the total to 93.
 *
 * <p>Counts: per sub-cluster, leaf-to-middle 3 per leaf (21, 21, 18) and middle-to-top 8; then 6 cables
 * to the joins and 3 in the trunk: 60 + 24 + 6 + 3 = 93. Switches: 13, 13 and 12 in the sub-clusters plus
 * 2 joins = 40. No switch uses more than 8 ports (leaves 8, middles at most 8, tops 5, joins 6).
 *
 * <p>Numbering: hosts {@code h0..h34} in A (leaf {@code i} of A carries {@code h<5i>..h<5i+4>}),
 * {@code h35..h69} in B, {@code h70..h99} in C. Switches, per sub-cluster in order A, B, C: leaves, then
 * middles, then tops (A is {@code s0..s12}, B {@code s13..s25}, C {@code s26..s37}); then the joins.
 */
public final class NowTopology extends TopologyBuilder {
    static final int[] LEAVES = {7, 7, 6};
    static final int HOSTS_PER_LEAF = 5;
    static final int MIDDLES = 4;
    static final int TOPS = 2;
    static final int TRUNK = 3;
    /** The published figures the wiring must meet. */
    static final int SWITCHES = 40;
    static final int HOSTS = 100;
    static final int CABLES = 193;
    static final int PORTS = 8;
    /** The joining switches, numbered after every sub-cluster switch. */
    static final int JOIN_0 = 38;
    static final int JOIN_1 = 39;

    public NowTopology() {
        super("now", "the Berkeley NOW: 100 hosts, 40 eight-port switches, three sub-clusters joined by two switches");
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        if (switchPorts < PORTS) {
            throw config.bad("nowemu.topology.name", "the now topology needs switches of at least " + PORTS
                    + " ports; the profile's have " + switchPorts);
        }
        int clusters = LEAVES.length;
        int[] firstLeaf = new int[clusters];
        int[] firstHost = new int[clusters];
        int switches = 0;
        int hosts = 0;
        for (int c = 0; c < clusters; c++) {
            firstLeaf[c] = switches;
            firstHost[c] = hosts;
            switches += LEAVES[c] + MIDDLES + TOPS;
            hosts += LEAVES[c] * HOSTS_PER_LEAF;
        }
        int firstJoin = switches;
        switches += TOPS;

        Wiring w = new Wiring(name(), hosts, switches, switchPorts);
        for (int c = 0; c < clusters; c++) {
            for (int h = 0; h < LEAVES[c] * HOSTS_PER_LEAF; h++) {
                w.attach(firstHost[c] + h, firstLeaf[c] + h / HOSTS_PER_LEAF);
            }
        }
        // Laid level by level across the sub-clusters, so every switch's down ports precede its up ports.
        for (int c = 0; c < clusters; c++) {
            for (int i = 0; i < LEAVES[c]; i++) {
                for (int m = 0; m < MIDDLES; m++) {
                    if (m != i % MIDDLES) {
                        w.link(firstLeaf[c] + i, middle(firstLeaf, c, m));
                    }
                }
            }
        }
        for (int c = 0; c < clusters; c++) {
            for (int m = 0; m < MIDDLES; m++) {
                for (int t = 0; t < TOPS; t++) {
                    w.link(middle(firstLeaf, c, m), top(firstLeaf, c, t));
                }
            }
        }
        for (int c = 0; c < clusters; c++) {
            for (int t = 0; t < TOPS; t++) {
                w.link(top(firstLeaf, c, t), firstJoin + t);
            }
        }
        for (int i = 0; i < TRUNK; i++) {
            w.link(firstJoin, firstJoin + 1);
        }
        return checked(w.topology(), firstJoin).withSpreadRoutes(config.bool("nowemu.topology.now.spread-routes"));
    }

    private static int middle(int[] firstLeaf, int c, int m) {
        return firstLeaf[c] + LEAVES[c] + m;
    }

    private static int top(int[] firstLeaf, int c, int t) {
        return firstLeaf[c] + LEAVES[c] + MIDDLES + t;
    }

    /** The published counts are the point of this class; an edit that breaks them must not go unnoticed. */
    private static Topology checked(Topology t, int firstJoin) {
        int used = 0;
        for (Cable c : t.cables()) {
            used = Math.max(used, Math.max(c.a().port(), c.b().port()) + 1);
        }
        if (t.switches().size() != SWITCHES || t.hosts().size() != HOSTS || t.cables().size() != CABLES
                || used > PORTS || firstJoin != JOIN_0) {
            throw new IllegalStateException("now: the wiring has " + t.switches().size() + " switches, "
                    + t.hosts().size() + " hosts, " + t.cables().size() + " cables and uses " + used
                    + " ports per switch; the NOW has " + SWITCHES + ", " + HOSTS + ", " + CABLES + " and " + PORTS);
        }
        return t;
    }
}
