package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SourceRoutesTest {
    /** Chain of 3 switches with 1 host each: port 0 the host, port 1 east, port 2 west. */
    private static final Topology CHAIN = Checks.build(
            "nowemu.topology { name = chain, chain { switches = 3, hosts-per-switch = 1 } }");

    @Test
    void chainRouteEastIsOffsetsFromEachEntryPort() {
        // h0 (node 0) on s0:0. Offsets from the entry port: s0 in 0 out east 1 (+1), s1 in west 2 out east 1 (-1),
        // s2 in 2 out to its host on 0 (-2).
        assertArrayEquals(new byte[] {1, -1, -2}, SourceRoutes.shortest(CHAIN, 0, 2));
        assertArrayEquals(new byte[] {1, -2}, SourceRoutes.shortest(CHAIN, 0, 1));
    }

    @Test
    void chainRouteWestGoesOutPortTwo() {
        // s2 in 0 out west 2 (+2), s1 in east 1 out 2 (+1), s0 in 1 out 0 (-1).
        assertArrayEquals(new byte[] {2, 1, -1}, SourceRoutes.shortest(CHAIN, 2, 0));
    }

    @Test
    void hostsOnOneSwitchNeedOneByte() {
        Topology single = Checks.build("nowemu.topology.single.hosts = 4");
        assertArrayEquals(new byte[] {3}, SourceRoutes.shortest(single, 0, 3));
    }

    @Test
    void equalLengthRoutesAreBrokenTowardsTheLowestPort() {
        // Ring of 4, 1 host each: port 1 leads on, port 2 back. h0 to h2 is two switches either way; the
        // forward port 1 is lower, in both directions.
        Topology ring = Checks.build("nowemu.topology { name = ring, ring { switches = 4, hosts-per-switch = 1 } }");
        assertArrayEquals(new byte[] {1, -1, -2}, SourceRoutes.shortest(ring, 0, 2));
        assertArrayEquals(new byte[] {1, -1, -2}, SourceRoutes.shortest(ring, 2, 0));
    }

    @Test
    void parallelCablesUseTheLowestPort() {
        // Cables a:5-b:1 and a:3-b:6, listed high port first; the route leaves a on 3 (in 0: +3) and enters b on
        // 6, leaving on 0 (-6).
        Topology t = FileTopology.parse("par.topo", List.of("switch a", "switch b", "host x", "host y",
                "link x a:0", "link y b:0", "link a:5 b:1", "link a:3 b:6"), 8);
        assertArrayEquals(new byte[] {3, -6}, SourceRoutes.shortest(t, 2, 3));
    }

    @Test
    void fatTreeRouteClimbsTheLowestUpPortThenDescendsWithoutSpreading() {
        // 4-ary 2-tree: h0 on s0:0, h15 on s3:3. s0 up port 4 (j=0, +4) reaches top s4 on its down port 0, whose
        // down port 3 leads to s3 (+3), entered on its up port 4 and left on 3 (-1).
        Topology tree = Checks.build("nowemu.topology.name = fat-tree\nnowemu.topology.fat-tree.spread-routes = off");
        assertArrayEquals(new byte[] {4, 3, -1}, SourceRoutes.shortest(tree, 0, 15));
    }

    @Test
    void fatTreeRoutesClimbByTheDestinationsDigit() {
        // Spread (the default): to h15 (base-4 digit 0 = 3) s0 leaves on up port 4+3 = 7 (+7) to top s7, which
        // enters on down port 0 and leaves on 3 to s3 (+3); s3 enters on up port 7 and leaves on 3 (-4). To h14
        // (digit 2) s0 leaves on 6, top s6 likewise (+3), s3 enters on 6 and leaves on 2 (-4). The same route
        // comes out of the one-search-per-source table.
        Topology tree = Checks.build("nowemu.topology.name = fat-tree");
        assertArrayEquals(new byte[] {7, 3, -4}, SourceRoutes.shortest(tree, 0, 15));
        assertArrayEquals(new byte[] {6, 3, -4}, SourceRoutes.shortest(tree, 0, 14));
        assertArrayEquals(new byte[] {7, 3, -4}, SourceRoutes.fromHost(tree, 0)[15]);
    }

    @Test
    void routeToItselfOrToASwitchIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SourceRoutes.shortest(CHAIN, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> SourceRoutes.shortest(CHAIN, 0, 3));
    }
}
