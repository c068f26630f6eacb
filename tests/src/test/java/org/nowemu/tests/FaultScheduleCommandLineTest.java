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
                "nowemu: nowemu.faults[0].fault: unknown fault 'cut-lnk' (known: cut-link, fail-switch, link-errors,"
                + " stall-receiver, crash-process, power-cycle, corrupt-route)");
        assertOneLineBadInput(nowemu(shift("[{fault=cut-link,element=\"s9:2\",at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: no switch or host named 's9' in the chain topology");
        assertOneLineBadInput(nowemu(shift("[{fault=fail-switch,element=s1,at=-1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].at: is in the past (-1ms): a run starts at 0");
        assertOneLineBadInput(nowemu(shift("[{fault=cut-link,element=\"s0:7\",at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: no cable is plugged into s0:7");
        assertOneLineBadInput(nowemu(shift("[{fault=crash-process,element=h1,at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: expected a process as HOST.pN (h3.p0: h3's first process), got 'h1'");
        assertOneLineBadInput(nowemu(shift("[{fault=crash-process,element=s1.p0,at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: s1 is a switch, not a host");
        assertOneLineBadInput(nowemu(shift("[{fault=crash-process,element=h1.p2,at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults: h1.p2: host h1 runs 1 process (p0) in this experiment");
        assertOneLineBadInput(nowemu(shift("[{fault=fail-switch,element=h1,at=1ms}]", tmp).toArray(String[]::new)),
                "nowemu: nowemu.faults[0].element: h1 is a host, not a switch");
        assertOneLineBadInput(nowemu(shift("[{fault=link-errors,element=all,at=0ms,drop=1.5}]", tmp)
                .toArray(String[]::new)), "nowemu: nowemu.faults[0].drop: expected a number from 0 to 1, got 1.5");
        assertOneLineBadInput(nowemu(shift("[{fault=cut-link,element=h1,at=0ms,drop=0.1}]", tmp)
                .toArray(String[]::new)), "nowemu: nowemu.faults[0].drop: unknown key (cut-link takes fault, element,"
                + " at, until, for, every, times)");
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.faults=[{fault=fail-switch,element=s0,at=1ms}]",
                "--out", tmp.toString()), "nowemu: nowemu.faults: the phold workload takes no faults (contention,"
                + " permutations, fault-campaign, reliability-cost do)");
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.mapper.with-traffic=on", "--out",
                tmp.toString()), "nowemu: nowemu.mapper.with-traffic: the phold workload runs no mapper beside its"
                + " traffic (contention, permutations, fault-campaign do)");
        assertTrue(!tmp.resolve("results.json").toFile().exists(), "nothing written for bad input");
    }

    /** Time ranges: the end after the start, a repetition needs a range and must not overlap the next. */
    @Test
    void badRangesAreOneLineAndExitTwo() {
        assertOneLineBadInput(bad("[{fault=cut-link,element=h1,at=2ms,until=1ms}]"),
                "nowemu: nowemu.faults[0].until: must be after at (2ms), got 1ms");
        assertOneLineBadInput(bad("[{fault=cut-link,element=h1,at=2ms,until=2ms}]"),
                "nowemu: nowemu.faults[0].until: must be after at (2ms), got 2ms");
        assertOneLineBadInput(bad("[{fault=cut-link,element=h1,at=1ms,until=2ms,for=1ms}]"),
                "nowemu: nowemu.faults[0].for: give until or for (the end of the range or its length), not both");
        assertOneLineBadInput(bad("[{fault=link-errors,element=all,drop=0.1,at=1ms,every=4ms}]"),
                "nowemu: nowemu.faults[0].every: needs until or for (the range that repeats)");
        // [1, 3) ms every 2 ms: the second repetition would begin as the first ends, at 3 ms: refused.
        assertOneLineBadInput(bad("[{fault=cut-link,element=\"s0:2\",at=1ms,until=3ms,every=2ms}]"),
                "nowemu: nowemu.faults[0].every: must be longer than the range (2ms from at to until), or a repetition"
                + " would overlap the next; got 2ms");
        assertOneLineBadInput(bad("[{fault=fail-switch,element=s1,at=1ms,for=500us,every=2ms,times=-1}]"),
                "nowemu: nowemu.faults[0].times: expected a whole number of at least 1, got '-1'");
        assertOneLineBadInput(bad("[{fault=fail-switch,element=s1,at=1ms,for=500us,times=2}]"),
                "nowemu: nowemu.faults[0].times: needs every (the period of the repetitions)");
        assertOneLineBadInput(bad("[{fault=stall-receiver,element=h2,at=1ms}]"),
                "nowemu: nowemu.faults[0]: stall-receiver needs 'for' or 'until' (how long, e.g. for = 2ms)");
        assertOneLineBadInput(bad("[{fault=corrupt-route,element=all,at=1ms}]"),
                "nowemu: nowemu.faults[0]: corrupt-route needs 'fraction' (of the packets, 0..1, e.g. 0.01)");
        assertOneLineBadInput(bad("[{fault=corrupt-route,element=all,at=1ms,fraction=0}]"),
                "nowemu: nowemu.faults[0].fraction: must be above 0");
        assertTrue(!tmp.resolve("results.json").toFile().exists(), "nothing written for bad input");
    }

    private CommandLineTest.Outcome bad(String faults) {
        return nowemu(shift(faults, tmp).toArray(String[]::new));
    }

    /**
     * The cable between s0 and s1 (s0's port 2) cut at 3 ms, inside the shift's bandwidth phase: h1 -> h2 crosses
     * it (h0, h1 on s0; h2, h3 on s1), and the chain has no other way, and no mapper runs here. So h1's requests to
     * h2 are resent until the transport gives up and then come back to h1 as UNREACHABLE, and the run lasts long
     * enough for that (a run with faults lasts twice the transport's give-up time after its traffic): no message is
     * lost, every one is handled once or returned, and the run exits 0. The run differs from the one without
     * faults, and the same schedule and seed give the same digest and ledger twice.
     */
    @Test
    void aScheduledCableCutReturnsTheCutOffMessagesAndRepeatsExactly() throws IOException {
        JsonNode clean = run("[]", "clean");
        JsonNode cut = run("[{fault=cut-link,element=\"s0:2\",at=3ms}]", "cut");
        JsonNode again = run("[{fault=cut-link,element=\"s0:2\",at=3ms}]", "again");
        JsonNode ci = clean.get("invariants");
        assertEquals("messages", ci.get("of").asText());
        assertEquals(ci.get("sent").asLong(), ci.get("handled").asLong(), ci.toString());
        assertEquals(0, ci.get("returnedToSender").asLong());
        assertNotEquals(clean.get("digest"), cut.get("digest"));
        JsonNode i = cut.get("invariants");
        assertTrue(i.get("returnedBy").get("UNREACHABLE").asLong() > 0, i.toString());
        assertEquals(i.get("returnedToSender").asLong(), i.get("returnedBy").get("UNREACHABLE").asLong());
        assertEquals(0, i.get("lost").asLong());
        assertEquals(0, i.get("duplicated").asLong());
        assertEquals(i.get("sent").asLong(), i.get("handled").asLong() + i.get("returnedToSender").asLong()
                + i.get("returnedAfterHandling").asLong(), i.toString());
        assertEquals(cut.get("digest"), again.get("digest"));
        assertEquals(cut.get("invariants"), again.get("invariants"));
    }

    /**
     * amii_norel has no retransmission, and like GAM it assumes Myrinet loses nothing: with 2% of packets dropped on
     * every cable some messages are simply gone, and the ledger counts them as lost to that assumption (link-errors):
     * the run passes. The same stack losing messages without any fault (a receive queue of one entry, which its
     * senders overflow: without retransmission the NIC drops what does not fit) breaks the ledger: results.json is
     * still written, and the run exits 1 with one line naming the earliest-sent lost message (the same one on a
     * second run).
     */
    @Test
    void aRunThatLosesMessagesExitsOneNamingTheFirst() throws IOException {
        List<String> dropped = new ArrayList<>(shift("[{fault=link-errors,element=all,at=0ms,drop=0.02}]",
                tmp.resolve("assumed")));
        dropped.addAll(List.of("--set", "nowemu.permutations.stack=amii_norel"));
        CommandLineTest.Outcome passed = nowemu(dropped.toArray(String[]::new));
        assertEquals(0, passed.code(), passed.err());
        JsonNode a = new ObjectMapper().readTree(tmp.resolve("assumed").resolve("results.json").toFile())
                .get("invariants");
        long assumed = a.get("lostToAssumption").get("link-errors").asLong();
        assertTrue(assumed > 0 && a.get("lost").asLong() == 0, a.toString());
        assertEquals(assumed, a.get("lostToAssumptionByStack").get("amii_norel").get("link-errors").asLong());
        assertEquals(a.get("sent").asLong(), a.get("handled").asLong() + assumed, a.toString());
        List<String> args = new ArrayList<>(shift("[]", tmp.resolve("lossy")));
        args.addAll(List.of("--set", "nowemu.permutations.stack=amii_norel", "--set",
                "nowemu.protocol.receive-queue=1"));
        CommandLineTest.Outcome o = nowemu(args.toArray(String[]::new));
        assertEquals(1, o.code(), o.err());
        JsonNode i = new ObjectMapper().readTree(tmp.resolve("lossy").resolve("results.json").toFile())
                .get("invariants");
        long lost = i.get("lost").asLong();
        assertTrue(lost > 0, i.toString());
        assertEquals(0, i.get("lostToAssumption").size(), "no fault to put it down to: " + i);
        assertEquals(i.get("sent").asLong(), i.get("handled").asLong() + lost, i.toString());
        // Beside the planner's one line (how many lanes, and why), the failure is one line.
        String line = o.err().lines().filter(l -> !l.startsWith("nowemu: runtime: "))
                .collect(java.util.stream.Collectors.joining("\n")).strip();
        assertEquals(1, line.lines().count(), o.err());
        assertTrue(line.startsWith("nowemu: run failed: ledger broken: " + lost + " lost, 0 duplicated"), line);
        assertTrue(line.contains("; first: " + i.get("firstBroken").asText()), line);
        // Its report says so first, before any figure, rather than looking like a success.
        String report = java.nio.file.Files.readString(tmp.resolve("lossy").resolve("report.html"));
        int verdict = report.indexOf("id=\"verdict\" class=\"failed\"");
        assertTrue(verdict > 0 && verdict < report.indexOf("id=\"run\"") && verdict < report.indexOf("id=\"metrics\""),
                "the failure heads the report");
        assertTrue(report.contains("This run FAILED (exit code 1): ledger broken: " + lost + " lost"), "verdict text");
        assertTrue(i.get("firstBroken").asText().matches("message 0x[0-9a-f]+ \\(am\\) from h\\d+\\.p0 to h\\d+\\.ep0, sent at .*, lost: "
                + "neither handled nor returned by the end of the run"), i.get("firstBroken").asText());
        args.set(args.indexOf(tmp.resolve("lossy").toString()), tmp.resolve("lossy2").toString());
        assertEquals(o.err().strip(), nowemu(args.toArray(String[]::new)).err().strip(),
                "the same message, named again");
    }

    private JsonNode run(String faults, String name) throws IOException {
        Path out = tmp.resolve(name);
        CommandLineTest.Outcome o = nowemu(shift(faults, out).toArray(String[]::new));
        assertEquals(0, o.code(), o.err());
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }
}
