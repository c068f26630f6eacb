package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault campaign (workloads/faults.conf) on a small network: two switches with 5 hosts each, host 0 serving 3
 * clients (h1..h3) and a ring of 5 hosts (h4..h8), traffic for 3 ms, faults at 1 ms. The cases' elements are
 * moved onto this network with --set; each case is a point of the sweep.
 */
class FaultCampaignTest {
    @TempDir
    static Path tmp;
    private static final List<JsonNode> points = new ArrayList<>();

    @BeforeAll
    static void runTheCampaign() throws IOException {
        CommandLineTest.projectRoot();
        CommandLineTest.Outcome o = nowemu("run", "faults", "--set", "nowemu.topology.name=chain",
                "--set", "nowemu.topology.chain.switches=2", "--set", "nowemu.topology.chain.hosts-per-switch=5", "--set", "nowemu.fault-campaign.clients=3",
                "--set", "nowemu.fault-campaign.ring-hosts=5", "--set", "nowemu.fault-campaign.duration=3ms",
                "--set", "nowemu.fault-campaign.bin=250us",
                "--set", "nowemu.fault-campaign.cases.stall-server.faults=[{fault=stall-receiver,element=h0,at=1ms,"
                        + "for=1ms}]",
                "--set", "nowemu.fault-campaign.cases.crash-ring-host.faults=[{fault=crash-process,element=h6.p0,"
                        + "at=1ms}]",
                "--set", "nowemu.sweep.values=[none, stall-server, crash-ring-host]",
                "--out", tmp.toString());
        assertEquals(0, o.code(), o.err());
        for (int i = 0; i < 3; i++) {
            points.add(new ObjectMapper().readTree(tmp.resolve("point-" + (i + 1)).resolve("results.json").toFile()));
        }
    }

    private static double metric(int point, String name) {
        JsonNode v = points.get(point).get("metrics").get(name);
        assertTrue(v != null, name + " in " + points.get(point).get("metrics"));
        return v.asDouble();
    }

    /** Without a fault every request is answered and nothing is resent: the baseline the other cases move from. */
    @Test
    void withoutAFaultEveryMessageIsHandledAndNothingResent() {
        assertEquals(metric(0, "campaign.sent"), metric(0, "campaign.handled"));
        assertEquals(0, metric(0, "campaign.returned"));
        assertEquals(0, metric(0, "campaign.retransmissions"));
        assertTrue(metric(0, "campaign.throughput_kreqps") > 50, points.get(0).get("metrics").toString());
    }

    /**
     * The server's NIC stops draining from 1 to 2 ms: the clients' requests pile up behind STOP and few are
     * answered during the stall, then traffic resumes; nothing is lost or returned (the ledger is kept, or the run
     * would have exited 1).
     */
    @Test
    void aStalledServerDipsDuringTheStallAndRecoversAfter() {
        double before = metric(1, "campaign.throughput_before_kreqps");
        double during = metric(1, "campaign.throughput_during_kreqps");
        double after = metric(1, "campaign.throughput_after_kreqps");
        assertTrue(during < before, during + " during vs " + before + " before");
        assertTrue(after > during, after + " after vs " + during + " during");
        assertEquals(1000, metric(1, "campaign.fault_from_us"));
        assertEquals(2000, metric(1, "campaign.fault_to_us"));
        assertEquals(0, metric(1, "campaign.returned"));
        assertEquals(metric(1, "campaign.sent"), metric(1, "campaign.handled"));
    }

    /**
     * Ring host h6's process dies at 1 ms: h5's requests to it come back (BAD_ENDPOINT), so some messages are
     * returned, and the rest of the traffic goes on after the crash.
     */
    @Test
    void aCrashedRingHostReturnsItsMessagesAndTheRestGoesOn() {
        assertTrue(metric(2, "campaign.returned") > 0, points.get(2).get("metrics").toString());
        assertTrue(metric(2, "campaign.throughput_after_kreqps") > 0);
        JsonNode inv = points.get(2).get("invariants");
        assertTrue(inv.get("returnedBy").get("BAD_ENDPOINT").asLong() > 0, inv.toString());
        assertEquals(0, inv.get("lost").asLong());
    }

    @Test
    void eachCaseHasAPlotAndTheSweepPutsThemSideBySide() throws IOException {
        for (int i = 0; i < 3; i++) {
            assertTrue(Files.size(tmp.resolve("point-" + (i + 1)).resolve("campaign-throughput.png")) > 1000);
            assertTrue(Files.exists(tmp.resolve("point-" + (i + 1)).resolve("report.html")));
        }
        List<String> csv = Files.readAllLines(tmp.resolve("sweep.csv"));
        assertEquals(4, csv.size(), "a header and a row per case: " + csv);
        assertTrue(csv.get(2).startsWith("stall-server"), csv.toString());
    }
}
