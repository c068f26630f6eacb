package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nowemu bench} in its quick form (the fewest PHOLD events it takes, no warm-up, two tiny real models, two
 * pairs of runs each): the real models run on both engines, reach the same digest, and {@code --json} has their
 * figures, the reported pair among them. Speeds are not asserted (BENCHMARKS.md holds them).
 */
class BenchModelsTest {
    @TempDir
    static Path tmp;

    @BeforeAll
    static void home() {
        CommandLineTest.projectRoot();
    }

    private static final String[] QUICK = {"--set", "nowemu.bench.events=100000", "--set", "nowemu.bench.warmup-events=0",
        "--set", "nowemu.bench.repeats=1", "--set", "nowemu.bench.components=64", "--set", "nowemu.bench.model-warmup=off"};

    /** fat-tree-4096's permutations, shortened, on a 2-level fat tree of 16 hosts. */
    private static final String SMALL_TREE = "{name=small-tree, experiment=fat-tree-4096, set=["
        + "\"nowemu.topology.fat-tree.levels=2\", \"nowemu.permutations.hosts=16\", \"nowemu.permutations.duration=20us\","
        + " \"nowemu.permutations.warmup=10us\", \"nowemu.permutations.gap=100us\"]}";

    @Test
    void theRealModelsRunOnBothEnginesWithTheSameDigest() throws Exception {
        Path json = tmp.resolve("bench.json");
        String[] args = concat(new String[] {"bench", "--json", json.toString(), "--set",
            "nowemu.bench.models=[{name=logp, experiment=logp, set=[\"nowemu.logp.stacks=[amii]\", \"nowemu.logp.samples=2\","
                + " \"nowemu.logp.round-trips=5\", \"nowemu.logp.burst=8\", \"nowemu.topology.chain.switches=2\"]}, "
                + SMALL_TREE + "]",
            "--set", "nowemu.bench.model-repeats=2"}, QUICK);
        CommandLineTest.Outcome o = nowemu(args);
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("the real model") && o.out().contains("median of 2 pairs"), o.out());
        JsonNode models = new ObjectMapper().readTree(json.toFile()).get("models");
        assertEquals(2, models.size(), models.toString());
        for (String name : new String[] {"logp", "small-tree"}) {
            JsonNode m = models.get(name);
            assertTrue(m != null, name + " in " + models);
            assertTrue(m.get("digestsMatch").asBoolean(), name + ": " + m);
            assertTrue(m.get("sequentialEventsPerSecond").asDouble() > 0, name + ": " + m);
            assertTrue(m.get("runtimeEventsPerSecond").asDouble() > 0, name + ": " + m);
            assertEquals(m.get("runtimeEventsPerSecond").asDouble() / m.get("sequentialEventsPerSecond").asDouble(),
                    m.get("ratio").asDouble(), 1e-9, name);
            assertTrue(m.get("events").asLong() > 1000, name + ": " + m);
            // Two pairs: the reported ratio is one of theirs (the greater, the upper median of two).
            JsonNode pairs = m.get("pairRatios");
            assertEquals(2, pairs.size(), name + ": " + m);
            assertEquals(Math.max(pairs.get(0).asDouble(), pairs.get(1).asDouble()), m.get("ratio").asDouble(), 1e-12,
                    name + ": " + m);
        }
    }

    @Test
    void theBenchsRuntimeOverridesReachTheModelRuns() throws Exception {
        // A barrier said to cost a second: the planner weighs the lanes of the small tree with it (and so keeps one
        // lane); measured, it would be some microseconds. Two cores for the planner and a pilot of 200 events, so that
        // it has a choice to make on any machine and before the run ends.
        Path json = tmp.resolve("overrides.json");
        String[] args = concat(new String[] {"bench", "--json", json.toString(), "--set",
            "nowemu.bench.models=[" + SMALL_TREE + "]",
            "--set", "nowemu.bench.model-repeats=1", "--set", "nowemu.runtime.planner.barrier-cost=1s",
            "--set", "nowemu.runtime.planner.cores=2", "--set", "nowemu.runtime.planner.pilot-events=200"}, QUICK);
        CommandLineTest.Outcome o = nowemu(args);
        assertEquals(0, o.code(), o.err());
        JsonNode m = new ObjectMapper().readTree(json.toFile()).get("models").get("small-tree");
        String choice = m.get("runtimeChoice").asText();
        assertTrue(choice.contains("against a barrier of 1000000000 ns"), choice);
        assertEquals(1, m.get("runtimeLanes").asInt(), m.toString());
    }

    @Test
    void aModelWhoseExperimentDoesNotLoadIsOneLineBeforeAnythingRuns() {
        String[] args = concat(new String[] {"bench", "--set",
            "nowemu.bench.models=[{name=x, experiment=logp, set=[\"nowemu.logp.nosuch=1\"]}]"}, QUICK);
        CommandLineTest.Outcome o = nowemu(args);
        assertEquals(1, o.err().lines().count(), o.err());
        assertOneLineBadInput(o, o.err().trim());
        assertTrue(o.err().contains("nowemu.bench.models[0]") && o.err().contains("nowemu.logp.nosuch"), o.err());
        assertTrue(o.out().isEmpty(), o.out());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
