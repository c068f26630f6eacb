package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault schedule ({@code nowemu.faults}) through the command line: a bad entry is one line naming it and
 * exit 2; a scheduled cable cut changes the run, the same way twice.
 */
class FaultScheduleCommandLineTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** Six hosts on a chain of three switches (two each), a circular shift of 1 ms phases. */
    private static List<String> shift(String faults, Path out) {
        List<String> a = new ArrayList<>(List.of("run", "permutations",
                "--set", "nowemu.permutations.hosts=6", "--set", "nowemu.topology.name=chain",
                "--set", "nowemu.topology.chain.switches=3", "--set", "nowemu.topology.chain.hosts-per-switch=2",
                "--set", "nowemu.permutations.patterns=[cshift]", "--set", "nowemu.permutations.duration=1ms",
                "--set", "nowemu.permutations.warmup=100us", "--set", "nowemu.permutations.gap=500us",
                "--set", "nowemu.faults=" + faults, "--out", out.toString()));
        return a;
    }

    @Test
    void badSchedulesAreOneLineAndExitTwo() {
        assertOneLineBadInput(nowemu(shift("[{fault=cut-lnk,element=\"s0:2\",at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].fault: unknown fault 'cut-lnk' (known: cut-link, fail-switch, link-errors, stall-receiver)");
        assertOneLineBadInput(nowemu(shift("[{fault=cut-link,element=\"s9:2\",at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: no switch or host named 's9' in the chain topology");
        assertOneLineBadInput(nowemu(shift("[{fault=fail-switch,element=s1,at=-1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].at: is in the past (-1ms): a run starts at 0");
        assertOneLineBadInput(nowemu(shift("[{fault=cut-link,element=\"s0:7\",at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: no cable is plugged into s0:7");
        assertOneLineBadInput(nowemu(shift("[{fault=fail-switch,element=h1,at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: h1 is a host, not a switch");
        assertOneLineBadInput(nowemu(shift("[{fault=link-errors,element=all,at=0ms,drop=1.5}]", tmp)
                .toArray(String[]::new)), "nowemu: nowemu.faults[0].drop: expected a number from 0 to 1, got 1.5");
        assertOneLineBadInput(nowemu(shift("[{fault=cut-link,element=h1,at=0ms,drop=0.1}]", tmp)
                .toArray(String[]::new)), "nowemu: nowemu.faults[0].drop: unknown key (cut-link takes fault, element,"
                + " at)");
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.faults=[{fault=fail-switch,element=s0,at=1ms}]",
                "--out", tmp.toString()), "nowemu: nowemu.faults: the phold workload takes no faults (contention and"
                + " permutations do)");
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.mapper.with-traffic=on", "--out",
                tmp.toString()), "nowemu: nowemu.mapper.with-traffic: the phold workload runs no mapper beside its"
                + " traffic (contention and permutations do)");
        assertTrue(!tmp.resolve("results.json").toFile().exists(), "nothing written for bad input");
    }

    /**
     * The cable between s0 and s1 (s0's port 2) cut at 3 ms, inside the shift's bandwidth phase: h1 -> h2 crosses
     * it, so the run differs from the run without faults, and some messages are still pending at the end (no
     * mapper runs here to find another way, and the chain has none). The same schedule and seed give the same
     * digest twice.
     */
    @Test
    void aScheduledCableCutChangesTheRunTheSameWayTwice() throws IOException {
        JsonNode clean = run("[]", "clean");
        JsonNode cut = run("[{fault=cut-link,element=\"s0:2\",at=3ms}]", "cut");
        JsonNode again = run("[{fault=cut-link,element=\"s0:2\",at=3ms}]", "again");
        assertEquals(0, clean.get("invariants").get("pending").asLong());
        assertNotEquals(clean.get("digest"), cut.get("digest"));
        assertTrue(cut.get("invariants").get("pending").asLong() > 0, cut.toString());
        assertEquals(cut.get("digest"), again.get("digest"));
        assertEquals(cut.get("invariants"), again.get("invariants"));
    }

    private JsonNode run(String faults, String name) throws IOException {
        Path out = tmp.resolve(name);
        CommandLineTest.Outcome o = nowemu(shift(faults, out).toArray(String[]::new));
        assertEquals(0, o.code(), o.err());
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }
}
