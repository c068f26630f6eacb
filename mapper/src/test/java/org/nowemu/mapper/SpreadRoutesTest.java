package org.nowemu.mapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.mapper.check.Deadlock;
import org.nowemu.mapper.check.Walks;
import org.nowemu.mapper.routes.RouteSet;

/** The `now` topology's routes spread by destination (topology.now.spread-routes), as the permutations run them. */
class SpreadRoutesTest {
    /**
     * Spread routes are shortest routes, and every shortest route on `now` climbs to the lowest common level and
     * comes down (the trunk between the joins is never shorter), so they are free of deadlock, like up*&#47;down*
     * routes. And they use both joins: of the 92-host bisection exchange's 92 flows, each of the six cables into
     * the joins carries between 10 and 18 (lowest-port routes put 35, 35 and 22 on three of them and none on the
     * others).
     */
    @Test
    void spreadRoutesOnNowDeliverWithoutDeadlockAndUseAllSixJoinCables() {
        Topology t = DiscoveryTest.topology("nowemu.topology { name = now, now.spread-routes = true }");
        assertTrue(t.spreadRoutes());
        Walks walks = new Walks(t);
        RouteSet routes = new RouteSet();
        int n = t.hosts().size();
        for (int a = 0; a < n; a++) {
            byte[][] from = SourceRoutes.fromHost(t, t.hosts().get(a).index());
            for (int b = 0; b < n; b++) {
                if (b != a) {
                    routes.put(a, b, from[t.hosts().get(b).index()]);
                }
            }
        }
        Deadlock.Result d = Deadlock.check(routes, walks);
        assertEquals(n * (n - 1), d.routes());
        assertEquals(d.routes(), d.delivered(), "every route delivers");
        assertTrue(d.acyclic(), "channel dependencies have a cycle");

        TreeMap<String, Integer> joinCables = new TreeMap<>();
        int hosts = 92;
        for (int a = 0; a < hosts; a++) {
            int b = (a + hosts / 2) % hosts;
            for (int[] channel : walks.walk(a, routes.route(a, b), false).channels()) {
                String from = t.nodes().get(channel[0]).name();
                String to = t.nodes().get(walks.topology().peer(new org.nowemu.hardware.topology.Port(channel[0],
                        channel[1])).node()).name();
                if (to.equals("s38") || to.equals("s39")) {
                    joinCables.merge(from + "->" + to, 1, Integer::sum);
                }
            }
        }
        assertEquals(6, joinCables.size(), joinCables.toString());
        for (int flows : joinCables.values()) {
            assertTrue(flows >= 10 && flows <= 18, joinCables.toString());
        }
    }
}
