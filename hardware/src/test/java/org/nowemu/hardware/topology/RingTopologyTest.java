package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RingTopologyTest {
    private static final String RING = "nowemu.topology.name = ring\n";

    @Test
    void defaultRingOfSixHasSixInterSwitchCablesAndTwelveHosts() {
        // 6 switches with 2 hosts: 12 host cables, and a cycle of 6 has 6 edges.
        Topology t = Checks.build(RING);
        Checks.shape(t, 6, 12, 18, 6);
        assertEquals(4, Checks.mostPortsUsed(t));
    }

    @Test
    void lastSwitchClosesTheCycleToTheFirst() {
        // Port 2 (hosts-per-switch) leads on, port 3 back: s5:2 meets s0:3.
        Topology t = Checks.build(RING);
        assertEquals(Checks.port(t, "s0", 3), t.peer(Checks.port(t, "s5", 2)));
    }

    @Test
    void everySwitchStaysConnectedWhenAnyOneSwitchCableIsCut() {
        Topology t = Checks.build(RING + "nowemu.topology.ring.hosts-per-switch = 0");
        for (Cable cut : t.cables()) {
            var rest = t.cables().stream().filter(c -> !c.equals(cut)).toList();
            new Topology("cut", t.nodes(), rest);
        }
    }

    @Test
    void twoSwitchesAreRefused() {
        Checks.refused(RING + "nowemu.topology.ring.switches = 2", "nowemu.topology.ring.switches: must be between 3");
    }
}
