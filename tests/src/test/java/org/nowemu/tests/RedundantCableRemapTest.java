package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.mapper.daemon.MapperOutcome;
import org.nowemu.tests.MapperRoutesTest.Net;

/** The mapper around a cut cable that has another path beside it (the cut without one: {@link MapperRoutesTest}). */
class RedundantCableRemapTest {
    /**
     * On the NOW topology, an inter-switch cable with another path beside it is cut after the first map; the
     * leader's next map matches the network without that cable, port for port, and its routes join every pair
     * again, deadlock-free, over the remaining cables.
     */
    @Test
    void cuttingARedundantCableOnNowIsMappedAroundAndEveryPairIsReachableAgain() {
        Net net = new Net("nowemu.topology.name = now\nnowemu.mapper.remap-period = 50ms");
        Topology t = net.topology;
        org.nowemu.hardware.topology.Port redundant = null;
        for (org.nowemu.hardware.topology.Cable cab : t.cables()) {
            boolean inter = t.nodes().get(cab.a().node()).isSwitch() && t.nodes().get(cab.b().node()).isSwitch();
            if (inter && connected(MapperRoutesTest.without(t, cab.a()))) {
                redundant = cab.a();
                break;
            }
        }
        assertTrue(redundant != null, "now has an inter-switch cable with a redundant path");
        Topology cut = MapperRoutesTest.without(t, redundant);
        MapperOutcome outcome = MapperOutcome.of(net.run(net.program(),
                org.nowemu.hardware.cluster.Failures.on(t).cable(redundant, 130 * VirtualTime.MS), 350 * VirtualTime.MS));
        assertTrue(outcome.distributedAtPs() > 130 * VirtualTime.MS, "a map after the cut was distributed");
        org.nowemu.mapper.check.Walks walks = new org.nowemu.mapper.check.Walks(cut);
        org.nowemu.mapper.check.MapCheck.Result m = org.nowemu.mapper.check.MapCheck.compare(outcome.map(), walks);
        assertTrue(m.isomorphic(), m.why());
        org.nowemu.mapper.check.Deadlock.Result d = org.nowemu.mapper.check.Deadlock.check(outcome.routes(), walks);
        int n = t.hosts().size();
        assertEquals(n * (n - 1), d.delivered(), "every pair reachable over the remaining cables");
        assertTrue(d.acyclic());
        assertTrue(outcome.unreachable().isEmpty());
    }

    private static boolean connected(Topology t) {
        org.nowemu.mapper.check.Walks w = new org.nowemu.mapper.check.Walks(t);
        java.util.TreeSet<Integer> seen = new java.util.TreeSet<>(List.of(t.hosts().get(0).index()));
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            int u = todo.poll();
            for (int p = 0; p < t.nodes().get(u).ports(); p++) {
                int[] far = w.peer(u, p);
                if (far != null && seen.add(far[0])) {
                    todo.add(far[0]);
                }
            }
        }
        return seen.size() == t.nodes().size();
    }

}
