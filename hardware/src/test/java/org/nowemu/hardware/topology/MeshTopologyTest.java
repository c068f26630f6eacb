package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class MeshTopologyTest {
    private static final String MESH = "nowemu.topology.name = mesh\n";

    @Test
    void threeByThreeWithTwoHostsHasTwelveMeshCablesAndEighteenHostCables() {
        // 3 rows of 2 east-west cables and 3 columns of 2 north-south cables; 9 switches x 2 hosts.
        Topology t = Checks.build(MESH);
        Checks.shape(t, 9, 18, 30, 12);
        // The centre switch s4 has 2 hosts and 4 neighbours.
        assertEquals(6, Checks.mostPortsUsed(t));
    }

    @Test
    void cornerSwitchUsesOnlyItsEastAndSouthPorts() {
        // Ports 2 north, 3 east, 4 south, 5 west after the 2 host ports.
        Topology t = Checks.build(MESH);
        assertNull(t.peer(Checks.port(t, "s0", 2)));
        assertEquals(Checks.port(t, "s1", 5), t.peer(Checks.port(t, "s0", 3)));
        assertEquals(Checks.port(t, "s3", 2), t.peer(Checks.port(t, "s0", 4)));
        assertNull(t.peer(Checks.port(t, "s0", 5)));
    }

    @Test
    void oneRowMeshIsALineOfThreeCables() {
        Topology t = Checks.build(MESH + "nowemu.topology.mesh { rows = 1, columns = 4, hosts-per-switch = 1 }");
        Checks.wellFormed(t);
        assertEquals(3, Checks.switchCables(t));
    }

    @Test
    void fiveHostsPerSwitchDoNotFitWithFourNeighbours() {
        Checks.refused(MESH + "nowemu.topology.mesh.hosts-per-switch = 5",
                "nowemu.topology.mesh.hosts-per-switch: at most 4 hosts");
    }
}
