package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The map experiment through the command line, seeded and pinned, with its DOT file. */
class MapCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * The 4-ary 2-tree (16 hosts, 8 switches, 16 cables): host 15's daemon, the highest address, leads; the map is
     * exact and the routes deadlock-free; the same run event for event with one lane and with three.
     */
    @Test
    void mappingAFatTreeFindsItExactlyTheSameWayWhateverThePartitioning() throws IOException {
        for (String[] runtime : new String[][] {{"nowemu.runtime.threads=1", "one-lane"},
                {"nowemu.runtime.threads=3", "three-lanes"}}) {
            Path out = tmp.resolve(runtime[1]);
            JsonNode r = CommandLineTest.results(out, "run", "map", "--set", "nowemu.topology.name=fat-tree", "--set",
                    runtime[0]);
            JsonNode m = r.get("metrics");
            assertEquals("60da555cbcb72fb4", r.get("digest").asText());
            assertEquals(16, m.get("map.hosts").asInt());
            assertEquals(8, m.get("map.switches").asInt());
            assertEquals(16, m.get("map.links").asInt());
            assertEquals(1, m.get("map.isomorphic").asInt());
            assertEquals(1, m.get("map.deadlock_free").asInt());
            assertEquals(15, m.get("map.leader").asInt());
            assertEquals(1080, m.get("map.probes").asInt());
            assertEquals(978, m.get("map.probes_lost").asInt());
            assertEquals(0, m.get("map.unreachable").asInt());
            String dot = Files.readString(out.resolve("map.dot"));
            assertTrue(dot.startsWith("graph network {") && dot.contains("h15"), dot);
        }
    }
}
