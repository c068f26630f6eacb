package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closed-loop arrivals (docs/workloads.md §4): a host keeps at most {@code outstanding} of its messages in flight
 * and creates the next when AM's reply tells it one has arrived. On two hosts of a fat tree, host 1 sends 8-byte
 * messages to host 0 (incast to 0: host 0 sends nothing), measured over 1.8 ms after 200 us of warm-up.
 */
class ClosedLoopTest {
    /** The window {@link #closed} measures over (s): its 2 ms less the 200 us of warm-up. */
    static final double WINDOW_S = 1.8e-3;

    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** Runs a traffic file of {@code jobs} on a fat tree into {@code tmp/name} and returns its results.json. */
    static JsonNode traffic(Path tmp, String name, String jobs) throws IOException {
        Path file = tmp.resolve(name + ".conf");
        Files.writeString(file, "nowemu { workload = traffic, topology.name = fat-tree\n traffic.jobs { " + jobs
                + " } }\n");
        return CommandLineTest.results(tmp.resolve(name), "run", file.toString());
    }

    /** Host 1 sends 8-byte messages to host 0 on {@code stack}, {@code k} outstanding, for 2 ms after 200 us. */
    static JsonNode closed(Path tmp, String name, String stack, int k) throws IOException {
        return traffic(tmp, name, "c { stack = " + stack + ", hosts = \"0-1\", pattern = \"incast(0)\", size = 8,"
                + " arrival = closed, outstanding = " + k + ", duration = 2ms, warmup = 200us }");
    }

    private JsonNode closed(int k) throws IOException {
        return closed(tmp, "k" + k, "amii", k);
    }

    /**
     * The round trip comes from a ping-pong measured here: logp's RTT on the same two hosts, a short AM-II request
     * and the reply its handler sends, timed over 100 round trips by a program on AM itself. With one message
     * outstanding, a message's cycle is that same exchange (an 8-byte message is one short request, its handler's
     * empty reply tells the sender) with the Messenger's bookkeeping around it, so the closed loop completes one
     * message per RTT, within 10% (the window holds some 40 cycles, and counts whole ones). Little's law, from the
     * counts and times measured: messages in flight on average = completions per second x mean time to
     * completion, 1 here.
     */
    @Test
    void withOneOutstandingTheThroughputIsOneMessagePerRoundTrip() throws IOException {
        Path out = tmp.resolve("logp");
        double roundTripUs = CommandLineTest.results(out, "run", "logp", "--set", "nowemu.logp.stacks=[amii]",
                "--set", "nowemu.topology.name=fat-tree", "--set", "nowemu.logp.samples=2").get("metrics")
                .get("logp.amii.rtt_us").asDouble();
        JsonNode r = closed(1);
        JsonNode m = r.get("metrics");
        double perSecond = m.get("traffic.c.0.accepted_n").asDouble() / WINDOW_S;
        double expected = 1e6 / roundTripUs;
        assertEquals(expected, perSecond, 0.10 * expected, "one message per round trip of " + roundTripUs + " us");
        assertEquals(roundTripUs, m.get("traffic.c.0.latency_mean_us").asDouble(), 0.10 * roundTripUs);
        assertEquals(1.0, m.get("traffic.c.0.outstanding_max").asDouble());
        double inFlight = perSecond * m.get("traffic.c.0.latency_mean_us").asDouble() / 1e6;
        assertEquals(1.0, inFlight, 0.02, "Little's law: one in flight");
        assertEquals(m.get("traffic.c.0.delivered_n").asDouble(), m.get("traffic.c.received_n").asDouble(),
                "every message host 1 learnt had arrived, host 0 counted");
        assertEquals(0.0, m.get("traffic.c.0.saturated").asDouble());
        assertEquals("f95b2fca4175b3ff", r.get("digest").asText());
    }

    /**
     * With four outstanding, the host never has more than four messages in flight (counted as it sends), on
     * average (Little's law over the measured completions and times) between one and four, and it completes more
     * per second than with one: the requests of a window overlap in the NICs and the network.
     */
    @Test
    void withFourOutstandingNoMoreThanFourAreInFlight() throws IOException {
        JsonNode one = closed(1).get("metrics");
        JsonNode m = closed(4).get("metrics");
        assertEquals(4.0, m.get("traffic.c.0.outstanding_max").asDouble());
        double perSecond = m.get("traffic.c.0.accepted_n").asDouble() / WINDOW_S;
        double inFlight = perSecond * m.get("traffic.c.0.latency_mean_us").asDouble() / 1e6;
        assertTrue(inFlight > 1.5 && inFlight <= 4.0 * 1.01, "in flight on average " + inFlight);
        assertTrue(perSecond > 1.2 * one.get("traffic.c.0.accepted_n").asDouble() / WINDOW_S, "overlap pays");
    }

    /** Closed loop's own bad values: one line each, exit 2, before anything runs. */
    @Test
    void badClosedLoopPhasesAreOneLine() throws IOException {
        String[][] cases = {
            {"c { stack = amii, hosts = \"0-1\", pattern = uniform, size = 8, arrival = closed, duration = 1ms }",
                    "arrival = closed needs outstanding"},
            {"c { stack = amii, hosts = \"0-1\", pattern = uniform, size = 8, arrival = closed, outstanding = 0,"
                    + " duration = 1ms }", "outstanding"},
            {"c { stack = amii, hosts = \"0-1\", pattern = uniform, size = 8, arrival = closed, outstanding = 2,"
                    + " load = 1MB/s, duration = 1ms }", "has no offered load"},
            {"c { stack = amii, hosts = \"0-1\", pattern = uniform, size = 8, arrival = closed, outstanding = 2,"
                    + " messages = 10 }", "runs for a duration"},
            {"c { stack = amii, hosts = \"0-1\", pattern = uniform, size = 8, duration = 1ms, phases = ["
                    + "{arrival = closed, outstanding = 2}, {load = 1MB/s}] }", "all open loop or all closed loop"},
            {"c { stack = amii, hosts = \"0-1\", pattern = uniform, size = 8, load = 1MB/s, outstanding = 2,"
                    + " duration = 1ms }", "belongs to arrival = closed"},
        };
        for (String[] c : cases) {
            Path file = tmp.resolve("bad.conf");
            Files.writeString(file, "nowemu { workload = traffic, topology.name = fat-tree\n traffic.jobs { " + c[0]
                    + " } }\n");
            CommandLineTest.Outcome o = nowemu("run", file.toString(), "--out", tmp.resolve("bad").toString());
            assertEquals(2, o.code(), c[0] + ": " + o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertTrue(o.err().contains(c[1]), c[1] + " in " + o.err());
            assertFalse(o.err().contains("Exception"), o.err());
            assertFalse(Files.exists(tmp.resolve("bad")));
        }
    }
}
