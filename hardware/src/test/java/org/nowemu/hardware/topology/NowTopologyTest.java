package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;

class NowTopologyTest {
    private static final String NOW = "nowemu.topology.name = now\n";
    private static final Topology T = Checks.build(NOW);

    @Test
    void hasFortySwitchesAHundredHostsAnd193Cables() {
        Checks.wellFormed(T);
        assertEquals(40, T.switches().size());
        assertEquals(100, T.hosts().size());
        assertEquals(193, T.cables().size());
        assertEquals(93, Checks.switchCables(T));
    }

    @Test
    void noSwitchUsesMoreThanEightPorts() {
        assertEquals(8, Checks.mostPortsUsed(T));
    }

    @Test
    void removingTheTwoJoiningSwitchesLeavesTheThreeSubClustersApart() {
        // A and B: 13 switches + 35 hosts = 48 nodes each; C: 12 switches + 30 hosts = 42.
        assertEquals(List.of(42, 48, 48), Checks.pieces(T, "s38", "s39"));
    }

    @Test
    void removingOneJoiningSwitchKeepsEverythingConnected() {
        assertEquals(List.of(139), Checks.pieces(T, "s38"));
        assertEquals(List.of(139), Checks.pieces(T, "s39"));
    }

    @Test
    void sixCablesCrossTheBisectionAndThreeTieTheJoinsTogether() {
        int join0 = Checks.node(T, "s38").index();
        int join1 = Checks.node(T, "s39").index();
        int crossing = 0;
        int trunk = 0;
        for (Cable c : T.cables()) {
            boolean a = c.a().node() == join0 || c.a().node() == join1;
            boolean b = c.b().node() == join0 || c.b().node() == join1;
            crossing += a != b ? 1 : 0;
            trunk += a && b ? 1 : 0;
        }
        assertEquals(6, crossing);
        assertEquals(3, trunk);
    }

    @Test
    void everyLeafCarriesFiveHostsOnPortsZeroToFour() {
        // Leaves are s0..s6 (A), s13..s19 (B), s26..s31 (C); host 5i+j of the leaves in order is on port j.
        int[] leaves = {0, 1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17, 18, 19, 26, 27, 28, 29, 30, 31};
        for (int i = 0; i < leaves.length; i++) {
            for (int j = 0; j < 5; j++) {
                assertEquals(Checks.port(T, "s" + leaves[i], j), T.peer(Checks.port(T, "h" + (5 * i + j), 0)));
            }
        }
    }

    @Test
    void widerSwitchesGetTheSameWiringWithSparePorts() {
        Topology wide = Topologies.build(Checks.config(NOW), 16);
        assertEquals(T.cables(), wide.cables());
        assertTrue(wide.switches().stream().allMatch(s -> s.ports() == 16));
    }

    @Test
    void sixPortSwitchesAreRefused() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> Topologies.build(Checks.config(NOW), 6));
        assertTrue(e.getMessage().startsWith("nowemu.topology.name: the now topology needs switches of at least 8"),
                e.getMessage());
    }
}
