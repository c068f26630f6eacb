package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RandomTopologyTest {
    private static final String RANDOM = "nowemu.topology.name = random\n";

    private static Topology seeded(long seed) {
        return Checks.build(RANDOM + "nowemu.topology.random.seed = " + seed);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void isConnectedAndWellFormedForEverySeed(long seed) {
        Topology t = seeded(seed);
        Checks.wellFormed(t);
        assertEquals(List.of(t.nodes().size()), Checks.pieces(t));
        // Defaults: 8 switches, 16 hosts, a 7-cable tree and 4 extra cables (plenty of ports are free).
        assertEquals(8, t.switches().size());
        assertEquals(16, t.hosts().size());
        assertEquals(11, Checks.switchCables(t));
        assertTrue(Checks.mostPortsUsed(t) <= 8);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void noCableJoinsASwitchToItself(long seed) {
        for (Cable c : seeded(seed).cables()) {
            assertNotEquals(c.a().node(), c.b().node());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void hostsTakeTheLowPortsOfTheirSwitch(long seed) {
        Topology t = seeded(seed);
        for (Cable c : t.cables()) {
            Port host = t.nodes().get(c.a().node()).isHost() ? c.a() : c.b();
            Port sw = c.other(host);
            if (t.nodes().get(host.node()).isHost() && sw.port() > 0) {
                // The port below a host's is a host's too.
                Port below = t.peer(new Port(sw.node(), sw.port() - 1));
                assertTrue(t.nodes().get(below.node()).isHost(), "below " + sw);
            }
        }
    }

    @Test
    void sameSeedGivesTheSameTopology() {
        Topology a = seeded(42);
        Topology b = seeded(42);
        assertNotSame(a, b);
        assertEquals(a, b);
    }

    @Test
    void differentSeedsGiveDifferentTopologies() {
        assertNotEquals(seeded(1), seeded(2));
    }

    @Test
    void extraCablesStopWhenThePortsRunOut() {
        // 2 switches x 8 ports = 16; the tree takes 2 and the hosts 2, leaving 12 for 6 parallel extras.
        Topology t = Checks.build(RANDOM + "nowemu.topology.random { switches = 2, hosts = 2, extra-cables = 100 }");
        Checks.wellFormed(t);
        assertEquals(7, Checks.switchCables(t));
        assertEquals(8, Checks.mostPortsUsed(t));
    }

    @Test
    void moreHostsThanTheTreeLeavesFreeAreRefused() {
        // 2 switches x 8 ports less the tree's 2 ends leaves 14.
        Checks.refused(RANDOM + "nowemu.topology.random { switches = 2, hosts = 15 }",
                "nowemu.topology.random.hosts: 2 switches of 8 ports have 14 ports left");
    }
}
