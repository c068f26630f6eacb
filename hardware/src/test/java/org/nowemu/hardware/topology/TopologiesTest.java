package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;

class TopologiesTest {
    @Test
    void registryListsEveryBuilderByName() {
        assertEquals(List.of("chain", "fat-tree", "file", "mesh", "now", "random", "ring", "single"),
                Topologies.all().stream().map(TopologyBuilder::name).toList());
    }

    @Test
    void everyGeneratedTopologyBuildsFromTheDefaults() {
        for (TopologyBuilder b : Topologies.all()) {
            if (!b.name().equals("file")) {
                Topology t = b.build(Checks.config(""), 8);
                Checks.wellFormed(t);
                assertEquals(b.name(), t.name());
                assertTrue(Checks.mostPortsUsed(t) <= 8, b.name());
            }
        }
    }

    @Test
    void defaultTopologyIsSingle() {
        assertEquals("single", Topologies.named(Checks.config("")).name());
    }

    @Test
    void unknownTopologyIsRefusedWithTheKnownNames() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> Topologies.build(Checks.config("nowemu.topology.name = torus"), 8));
        assertTrue(e.getMessage().startsWith("nowemu.topology.name: unknown topology 'torus'; known: chain, fat-tree,"),
                e.getMessage());
    }
}
