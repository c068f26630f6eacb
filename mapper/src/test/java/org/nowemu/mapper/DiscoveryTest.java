package org.nowemu.mapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.mapper.check.Deadlock;
import org.nowemu.mapper.check.MapCheck;
import org.nowemu.mapper.check.TopologyProber;
import org.nowemu.mapper.check.Walks;
import org.nowemu.mapper.discover.Explorer;
import org.nowemu.mapper.graph.NetMap;
import org.nowemu.mapper.routes.RouteSet;
import org.nowemu.mapper.routes.UpDownRoutes;

/**
 * The explorer and the route computation on the topologies of the registry, with probes walked over the real
 * cables (no emulation, no lost probes): the map must match the truth port for port, and the up*&#47;down* routes
 * must deliver every pair with an acyclic channel-dependency graph.
 */
class DiscoveryTest {
    static Topology topology(String hocon) {
        ConfigReader r = new ConfigReader(ConfigFactory.parseString(hocon)
                .withFallback(ConfigFactory.defaultReference()).resolve());
        return Topologies.build(r, HardwareProfile.read(r).switches().ports());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "nowemu.topology { name = single, single.hosts = 5 }",
        "nowemu.topology { name = ring, ring { switches = 6, hosts-per-switch = 1 } }",
        "nowemu.topology { name = mesh }",
        "nowemu.topology { name = fat-tree }",
        "nowemu.topology { name = fat-tree, fat-tree { k = 2, levels = 3 } }",
        "nowemu.topology { name = random, random.seed = 1 }",
        "nowemu.topology { name = random, random.seed = 2 }",
        "nowemu.topology { name = random, random.seed = 3 }",
        "nowemu.topology { name = random, random.seed = 4 }",
        "nowemu.topology { name = random, random.seed = 5 }",
        "nowemu.topology { name = now }"})
    @continuable
    void theMapMatchesTheTopologyAndItsUpDownRoutesAreDeadlockFree(String hocon) {
        Topology t = topology(hocon);
        if (t.hosts().isEmpty()) {
            return;
        }
        Walks walks = new Walks(t);
        TopologyProber prober = new TopologyProber(walks, 0);
        NetMap map = new Explorer(prober, 0, 8, null).explore();
        MapCheck.Result check = MapCheck.compare(map, walks);
        assertTrue(check.isomorphic(), t.name() + ": " + check.why());
        assertEquals(t.hosts().size(), map.hosts().size());
        RouteSet routes = UpDownRoutes.compute(map);
        Deadlock.Result d = Deadlock.check(routes, walks);
        int n = t.hosts().size();
        assertEquals(n * (n - 1), d.routes(), "a route for every ordered pair");
        assertEquals(d.routes(), d.delivered(), "every route delivers");
        assertTrue(d.acyclic(), t.name() + ": channel dependencies have a cycle");
    }
}
