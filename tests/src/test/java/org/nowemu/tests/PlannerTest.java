package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner chooses the lanes from the coupling factor of a pilot stretch, and the run records its choice and
 * lambda in results.json under {@code runtime}. The planner is given the machine as input (2 cores, an event at
 * 1us, a barrier at 2us) so the choice depends on the model alone: a two-host model couples too tightly for two
 * lanes, a 1,024-host fat tree takes both cores.
 */
@Timeout(300)
class PlannerTest {
    @TempDir
    static Path tmp;

    @BeforeAll
    static void home() {
        CommandLineTest.projectRoot();
    }

    /** The run's results.json, run with a machine of 2 cores, 1us events and 2us barriers. */
    private static JsonNode run(String name, String experiment, List<String> sets) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", experiment));
        List<String> all = new ArrayList<>(sets);
        all.addAll(List.of("nowemu.runtime.planner.cores=2", "nowemu.runtime.planner.event-cost=1us",
                "nowemu.runtime.planner.barrier-cost=2us", "nowemu.runtime.planner.pilot-events=20000"));
        for (String s : all) {
            args.add("--set");
            args.add(s);
        }
        args.addAll(List.of("--out", tmp.resolve(name).toString()));
        CommandLineTest.Outcome o = nowemu(args.toArray(new String[0]));
        assertEquals(0, o.code(), o.err());
        JsonNode r = new ObjectMapper().readTree(tmp.resolve(name).resolve("results.json").toFile());
        // One line on the terminal says the choice and lambda.
        assertTrue(o.err().contains("nowemu: runtime: " + r.get("runtime").get("lanes").asInt() + " lane"), o.err());
        assertTrue(o.err().contains("lambda"), o.err());
        return r.get("runtime");
    }

    @Test
    void aTwoHostModelRunsOnOneLane() throws IOException {
        // LogP of AM-II between two hosts, each on its own switch: the lanes could be cut at the cable between
        // the switches, but a message crosses it every few events: a window per crossing, a few events in it.
        JsonNode rt = run("two-hosts", "logp", List.of("nowemu.logp.stacks=[amii]", "nowemu.topology.chain.switches=2",
                "nowemu.topology.chain.hosts-per-switch=1", "nowemu.logp.samples=20"));
        assertEquals(1, rt.get("lanes").asInt());
        double lambda = rt.get("lambda").asDouble();
        assertTrue(lambda > 0 && lambda < 1, "lambda " + lambda);
        assertTrue(rt.get("expectedSpeedup").asDouble() < 1.2, rt.toString());
        // The pilot's first stretch ran whole (20,000 events on one lane); its second, two lanes window by window,
        // stopped before its 20,000 once they could no longer pay: with windows of a few events each at 2us a
        // barrier against 1us an event, a few thousand events settle it (4,558 events in 2,252 windows here: then
        // even 15,442 more events in no further window, evenly shared, give at most 20 ms / (M + 7.7 ms + 4.5 ms),
        // and M, the busiest lane's events, is nearly all 4,558 since one side of a ping-pong works at a time:
        // 20 / 16.8 = 1.19, below 1.2).
        long pilot = rt.get("pilotEvents").asLong();
        assertTrue(pilot > 20_000 && pilot < 30_000, rt.toString());
        assertEquals(0, rt.get("barrierCrossings").asLong());
    }

    @Test
    void aFatTreeOf1024HostsRunsOnTwoLanes() throws IOException {
        // The bench's fat tree: permutations' circular shift on a 4-ary 5-tree, 1,024 hosts. Hundreds of events a
        // window a lane: lambda well above 1, both cores taken.
        JsonNode rt = run("fat-tree", "fat-tree-4096", List.of("nowemu.topology.fat-tree.levels=5",
                "nowemu.permutations.hosts=1024", "nowemu.permutations.patterns=[cshift]",
                "nowemu.permutations.duration=20us", "nowemu.permutations.warmup=10us",
                "nowemu.permutations.gap=100us"));
        assertEquals(2, rt.get("lanes").asInt());
        double lambda = rt.get("lambda").asDouble();
        assertTrue(lambda > 10, "lambda " + lambda);
        assertTrue(rt.get("expectedSpeedup").asDouble() >= 1.2, rt.toString());
        assertTrue(rt.get("barrierCrossings").asLong() > 0, rt.toString());
    }
}
