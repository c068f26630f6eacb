package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FatTreeTopologyTest {
    private static final String TREE = "nowemu.topology.name = fat-tree\n";

    @Test
    void fourAryTwoTreeHasSixteenHostsEightSwitchesAndThirtyTwoCables() {
        // k^n = 16 hosts; 2 levels of k^(n-1) = 4 switches; 16 host cables and 4 leaves x 4 up = 16 more.
        Topology t = Checks.build(TREE);
        Checks.shape(t, 8, 16, 32, 16);
        assertEquals(8, Checks.mostPortsUsed(t));
    }

    @Test
    void everyLeafReachesEveryTopSwitchExactlyOnce() {
        // Leaves s0..s3, tops s4..s7: the two levels form a complete bipartite graph.
        Topology t = Checks.build(TREE);
        int[][] between = new int[8][8];
        for (Cable c : t.cables()) {
            if (t.nodes().get(c.a().node()).isSwitch() && t.nodes().get(c.b().node()).isSwitch()) {
                int a = c.a().node() - 16;
                int b = c.b().node() - 16;
                between[Math.min(a, b)][Math.max(a, b)]++;
            }
        }
        for (int leaf = 0; leaf < 4; leaf++) {
            for (int top = 4; top < 8; top++) {
                assertEquals(1, between[leaf][top], "s" + leaf + " to s" + top);
            }
        }
    }

    @Test
    void hostsDifferingOnlyInTheLowestDigitShareALeaf() {
        Topology t = Checks.build(TREE);
        for (int h = 0; h < 4; h++) {
            assertEquals(Checks.port(t, "s0", h), t.peer(Checks.port(t, "h" + h, 0)));
        }
        assertEquals(Checks.port(t, "s3", 3), t.peer(Checks.port(t, "h15", 0)));
    }

    @Test
    void binaryThreeTreeHasEightHostsAndTwelveSwitches() {
        // 2^3 = 8 hosts; 3 levels of 2^2 = 4 switches; 8 host cables and 2 level pairs x 4 switches x 2 up = 16.
        Topology t = Checks.build(TREE + "nowemu.topology.fat-tree { k = 2, levels = 3 }");
        Checks.wellFormed(t);
        assertEquals(8, t.hosts().size());
        assertEquals(12, t.switches().size());
        assertEquals(24, t.cables().size());
        // Top switches s8..s11 use only their down ports 0 and 1.
        for (int s = 8; s < 12; s++) {
            assertTrue(t.peer(Checks.port(t, "s" + s, 0)) != null && t.peer(Checks.port(t, "s" + s, 1)) != null);
            assertEquals(null, t.peer(Checks.port(t, "s" + s, 2)));
            assertEquals(null, t.peer(Checks.port(t, "s" + s, 3)));
        }
    }

    @Test
    void oneLevelTreeIsOneSwitchFullOfHosts() {
        Topology t = Checks.build(TREE + "nowemu.topology.fat-tree { k = 8, levels = 1 }");
        assertEquals(1, t.switches().size());
        assertEquals(8, t.hosts().size());
    }

    @Test
    void fiveAryTreeNeedsTenPorts() {
        Checks.refused(TREE + "nowemu.topology.fat-tree.k = 5",
                "nowemu.topology.fat-tree.k: a tree of 2 levels needs 2k ports");
    }

    @Test
    void treeOfMoreThanAMillionNodesIsRefused() {
        // 4^11 hosts is over 4 million.
        Checks.refused(TREE + "nowemu.topology.fat-tree.levels = 11", "nowemu.topology.fat-tree.levels: gives");
    }
}
