package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The traffic workload (docs/workloads.md): jobs from a file, run end to end on the emulated cluster. */
class TrafficTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private JsonNode run(String conf, String... sets) throws IOException {
        Path file = tmp.resolve("t.conf");
        Files.writeString(file, conf);
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run", file.toString()));
        args.addAll(java.util.List.of(sets));
        return CommandLineTest.results(tmp.resolve("out"), args);
    }

    /**
     * Two jobs on a 16-host fat tree: AM-II on hosts 0-7 and FM 2.x on the other 8, constant arrivals for 500 us.
     * AM-II's hosts each create a message every 1/10000 s = 100 us: at 0, 100, ... 400 us into the phase, 5 each,
     * 8 x 10000/s x 500 us = 40 in all. FM 2.x's every 50 us: 10 each, 8 x 20000/s x 500 us = 80. Every message
     * sent is received, by the host its pattern names (the receivers match each arrival to its sender's list).
     */
    @Test
    void twoJobsOnDifferentStacksShareAFatTreeAndEachCountsWhatTheFileAskedFor() throws IOException {
        JsonNode r = run("""
                nowemu {
                  workload = traffic
                  topology.name = fat-tree
                  traffic.jobs {
                    am { stack = amii, hosts = "0-7", pattern = uniform, size = 256, arrival = constant,
                         load = "10000/s", duration = 500us }
                    fm { stack = fm2, hosts = rest, pattern = tornado, size = "uniform(32, 512)", arrival = constant,
                         load = "20000/s", duration = 500us }
                  }
                }
                """);
        JsonNode m = r.get("metrics");
        for (String[] job : new String[][] {{"am", "40"}, {"fm", "80"}}) {
            String k = "traffic." + job[0] + ".0.";
            for (String count : new String[] {"created_n", "sent_n", "delivered_n"}) {
                assertEquals(Double.parseDouble(job[1]), m.get(k + count).asDouble(), job[0] + " " + count);
            }
            assertEquals(0.0, m.get(k + "unsent_n").asDouble(), job[0]);
            assertEquals(0.0, m.get("traffic." + job[0] + ".unmatched").asDouble(), job[0]);
            assertEquals(1.0, m.get(k + "delivered_share").asDouble(), job[0]);
            assertTrue(m.get(k + "latency_p50_us").asDouble() > 1, job[0]);
            assertTrue(m.get(k + "latency_p99_us").asDouble() >= m.get(k + "latency_p50_us").asDouble(), job[0]);
        }
        assertEquals("53f302f68b6899e6", r.get("digest").asText());
    }

    /**
     * AM-II, 16 hosts in neighbour exchange, 1 KB messages with Poisson arrivals, 4 ms phases (400 us warm-up).
     * At 2500 and 5000 messages/s per host (2.56 and 5.12 MB/s) the network keeps up: the bytes that arrive in
     * the window are the bytes created in it within 10% (only messages crossing the window's edges differ: about
     * rate x latency, 0.3 to 0.5 per host and edge, against 9 to 18 per host). At 100,000 and 200,000/s (102 and
     * 205 MB/s, far beyond a host's 12.8 MB/s of 1 KB requests) the accepted load levels off: the second within
     * 15% of the first, both under a fifth of what was offered; both are saturated, and the sweep's saturation
     * point is the first of them.
     */
    @Test
    void openLoopTracksTheOfferedLoadBelowSaturationAndLevelsOffFarAboveIt() throws IOException {
        JsonNode m = run("""
                nowemu {
                  workload = traffic
                  topology.name = fat-tree
                  traffic.drain = 1ms
                  traffic.jobs.am { stack = amii, hosts = "first 16", pattern = neighbour, size = 1024,
                    arrival = poisson, duration = 4ms, warmup = 400us,
                    sweep = ["2500/s", "5000/s", "100000/s", "200000/s"] }
                }
                """).get("metrics");
        String k = "traffic.am.0.";
        for (int p = 0; p < 2; p++) {
            double offered = m.get(k + p + ".offered_MBps").asDouble();
            double accepted = m.get(k + p + ".accepted_MBps").asDouble();
            assertEquals(offered, accepted, 0.1 * offered, "point " + p);
            assertEquals(0.0, m.get(k + p + ".saturated").asDouble(), "point " + p);
        }
        double a2 = m.get(k + "2.accepted_MBps").asDouble();
        double a3 = m.get(k + "3.accepted_MBps").asDouble();
        assertEquals(a2, a3, 0.15 * a2);
        for (int p = 2; p < 4; p++) {
            assertTrue(m.get(k + p + ".accepted_MBps").asDouble() < m.get(k + p + ".offered_MBps").asDouble() / 5);
            assertEquals(1.0, m.get(k + p + ".saturated").asDouble(), "point " + p);
        }
        assertEquals(m.get(k + "2.offered_MBps").asDouble(), m.get("traffic.am.saturation_offered_MBps").asDouble());
    }

    /**
     * load-latency at small size (SequentialEngineTest's overrides: 16 hosts, three jobs of 5 or 6 hosts on AM-II,
     * FM 2.x and BIP, two loads each): the actor runtime and the sequential engine agree on the digest, which is
     * pinned, and every message is accounted for.
     */
    @Test
    void loadLatencyAtSmallSizeIsTheSameOnBothEngines() throws IOException {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run", "load-latency"));
        for (String set : SequentialEngineTest.loadLatency()) {
            args.add("--set");
            args.add(set);
        }
        for (JsonNode r : CommandLineTest.onBothEngines(tmp, "edb9378645bacc76", args.toArray(new String[0]))) {
            for (String job : new String[] {"am", "fm", "bip"}) {
                assertEquals(0.0, r.get("metrics").get("traffic." + job + ".unmatched").asDouble(), job);
                assertTrue(r.get("metrics").get("traffic." + job + ".0.0.delivered_n").asDouble() > 0, job);
            }
        }
    }

    @Test
    void badTrafficFilesAreOneLineBeforeAnythingRuns() throws IOException {
        Path file = tmp.resolve("bad.conf");
        Files.writeString(file, """
                nowemu {
                  workload = traffic
                  topology.name = fat-tree
                  traffic.jobs.a { stack = fm2, hosts = "first 12", pattern = bit-reverse, size = 64,
                    load = 1MB/s, duration = 100us }
                }
                """);
        assertOneLineBadInput(nowemu("run", file.toString(), "--out", tmp.resolve("o1").toString()),
                "nowemu: nowemu.traffic.jobs.a.pattern: bit-reverse needs a power of two hosts, the job has 12"
                        + " (bad.conf:4)");
        assertOneLineBadInput(nowemu("run", file.toString(), "--set", "nowemu.traffic.jobs.a.hosts=0-16",
                "--out", tmp.resolve("o2").toString()), "nowemu: nowemu.traffic.jobs.a.hosts: '0-16' names host 16;"
                + " the topology has 16 hosts (0-15) (--set nowemu.traffic.jobs.a.hosts=0-16)");
        assertOneLineBadInput(nowemu("run", file.toString(), "--set", "nowemu.traffic.jobs.a.pattern=uniform",
                "--set", "nowemu.traffic.jobs.a.load=fast", "--out", tmp.resolve("o3").toString()),
                "nowemu: nowemu.traffic.jobs.a.load: expected a load like 2MB/s or 5000/s (messages per second)"
                        + " per host, got 'fast' (--set nowemu.traffic.jobs.a.load=fast)");
        assertOneLineBadInput(nowemu("run", file.toString(), "--set", "nowemu.traffic.jobs.a.pattern=uniform",
                "--set", "nowemu.traffic.jobs.a.colour=red", "--out", tmp.resolve("o4").toString()),
                "nowemu: nowemu.traffic.jobs.a.colour: unknown key in a job (known: [arrival, bytes, class,"
                        + " compute, duration, hosts, iterations, load, messages, motif, outstanding, pattern, phases, size,"
                        + " skeleton, stack, sweep, via, warmup])"
                        + " (--set nowemu.traffic.jobs.a.colour=red)");
        assertTrue(!Files.exists(tmp.resolve("o1")));
    }
}
