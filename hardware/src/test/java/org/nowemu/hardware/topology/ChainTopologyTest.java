package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ChainTopologyTest {
    private static final String CHAIN = "nowemu.topology.name = chain\n";

    @Test
    void chainOfFiveHasFourInterSwitchCables() {
        // Defaults: 5 switches with 1 host each, so 5 host cables and 4 between neighbours.
        Topology t = Checks.build(CHAIN);
        Checks.shape(t, 5, 5, 9, 4);
    }

    @Test
    void hostsComeFirstThenSwitchesEachNamedInOrder() {
        Topology t = Checks.build(CHAIN);
        for (int i = 0; i < 5; i++) {
            assertEquals("h" + i, t.nodes().get(i).name());
            assertEquals("s" + i, t.nodes().get(5 + i).name());
        }
    }

    @Test
    void eastPortFollowsTheHostsAndWestPortFollowsEast() {
        // 2 hosts per switch: ports 0, 1 hosts; s0's east port 2 meets s1's west port 3.
        Topology t = Checks.build(CHAIN + "nowemu.topology.chain { switches = 3, hosts-per-switch = 2 }");
        Checks.wellFormed(t);
        assertEquals(Checks.port(t, "s1", 3), t.peer(Checks.port(t, "s0", 2)));
        assertEquals(Checks.port(t, "s2", 3), t.peer(Checks.port(t, "s1", 2)));
        assertEquals(Checks.port(t, "s1", 0), t.peer(Checks.port(t, "h2", 0)));
    }

    @Test
    void oneSwitchChainHasNoInterSwitchCable() {
        Topology t = Checks.build(CHAIN + "nowemu.topology.chain { switches = 1, hosts-per-switch = 3 }");
        assertEquals(0, Checks.switchCables(t));
        assertEquals(3, t.cables().size());
    }

    @Test
    void sevenHostsPerSwitchLeaveNoRoomForNeighbours() {
        Checks.refused(CHAIN + "nowemu.topology.chain.hosts-per-switch = 7",
                "nowemu.topology.chain.hosts-per-switch: at most 6 hosts");
    }
}
