package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;

class SingleTopologyTest {
    @Test
    void defaultIsTwoHostsOnPortsZeroAndOne() {
        Topology t = Checks.build("");
        Checks.wellFormed(t);
        assertEquals("single", t.name());
        assertEquals(1, t.switches().size());
        assertEquals(2, t.hosts().size());
        // Hosts first: h0 is node 0, h1 node 1, s0 node 2.
        assertEquals(Checks.port(t, "s0", 0), t.peer(new Port(0, 0)));
        assertEquals(Checks.port(t, "s0", 1), t.peer(new Port(1, 0)));
    }

    @Test
    void eightHostsFillAnEightPortSwitch() {
        Topology t = Checks.build("nowemu.topology.single.hosts = 8");
        Checks.wellFormed(t);
        assertEquals(8, Checks.mostPortsUsed(t));
    }

    @Test
    void nineHostsDoNotFitAnEightPortSwitch() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> Checks.build("nowemu.topology.single.hosts = 9"));
        assertTrue(e.getMessage().startsWith("nowemu.topology.single.hosts: at most 8 hosts"), e.getMessage());
    }
}
