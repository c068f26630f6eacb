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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Closed loop on stacks that do not tell a sender its message arrived (docs/workloads.md §4): the receiving host
 * sends back an 8-byte acknowledgement per message ({@code nowemu.traffic.ack-size}), and the sender counts a
 * message complete when it comes. On two hosts of a fat tree, host 1 sends 8-byte messages to host 0, measured
 * over 1.8 ms after 200 us of warm-up.
 */
class ClosedLoopAcksTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private JsonNode run(String name, String jobs) throws IOException {
        return ClosedLoopTest.traffic(tmp, name, jobs);
    }

    private JsonNode closed(String stack, int k) throws IOException {
        return ClosedLoopTest.closed(tmp, stack + k, stack, k);
    }

    /**
     * The one-way latencies come from compare's ping-pong of 8-byte messages over the same Messenger adapters, on
     * the NOW's hardware, each stack's pair on one switch as hosts 0 and 1 of the fat tree are: FM 2.x 13.45 us,
     * BIP 7.05 us when measured. With one message outstanding a message's cycle is its one-way trip and its
     * acknowledgement's (8 bytes as well, so the same latency), 2 x one-way: FM 2.x about 26.9 us, BIP 14.1 us. The
     * closed loop completes one message per cycle within 10% (the window holds some 70 and 120 cycles and counts
     * whole ones; BIP's receive also probes the acknowledgements' ring each turn, some 6% here), and its mean latency
     * is the cycle within 10%. Every message that came was acknowledged once (acks_n = received_n), and every
     * one created was completed (delivered_n, counted by the sender on the acknowledgement). Digests pinned.
     */
    @Test
    void withOneOutstandingAMessageTakesItsOneWayTripAndItsAcknowledgements() throws IOException {
        Path out = tmp.resolve("compare");
        JsonNode cmp = CommandLineTest.results(out, "run", "compare", "--set", "nowemu.compare.stacks=[fm2, bip]",
                "--set", "nowemu.compare.sizes=[8]", "--set", "nowemu.hardware.profile=now", "--set",
                "nowemu.topology.chain.switches=2").get("metrics");
        String[][] stacks = {{"fm2", "8a9cf57fa79b9ad7"}, {"bip", "a530003457eaab22"}};
        for (String[] st : stacks) {
            double cycleUs = 2 * cmp.get("compare." + st[0] + ".8B.latency_us").asDouble();
            JsonNode r = closed(st[0], 1);
            JsonNode m = r.get("metrics");
            double perSecond = m.get("traffic.c.0.accepted_n").asDouble() / ClosedLoopTest.WINDOW_S;
            double expected = 1e6 / cycleUs;
            assertEquals(expected, perSecond, 0.10 * expected, st[0] + ": one message per " + cycleUs + " us");
            assertEquals(cycleUs, m.get("traffic.c.0.latency_mean_us").asDouble(), 0.10 * cycleUs, st[0]);
            assertEquals(1.0, m.get("traffic.c.0.outstanding_max").asDouble(), st[0]);
            double received = m.get("traffic.c.received_n").asDouble();
            assertTrue(received > 50, st[0] + ": " + received);
            assertEquals(received, m.get("traffic.c.acks_n").asDouble(), st[0] + ": one acknowledgement each");
            assertEquals(m.get("traffic.c.0.created_n").asDouble(), m.get("traffic.c.0.delivered_n").asDouble(),
                    st[0] + ": every message completed");
            assertEquals(received, m.get("traffic.c.0.delivered_n").asDouble(), st[0]);
            assertEquals(st[1], r.get("digest").asText(), st[0] + ": pinned digest");
        }
    }

    /**
     * With four outstanding a host never has more than four in flight, on average (Little's law over the measured
     * completions and times) between one and four, and completes more per second than with one.
     */
    @Test
    void withFourOutstandingNoMoreThanFourAreInFlight() throws IOException {
        for (String stack : new String[] {"fm2", "bip"}) {
            JsonNode one = closed(stack, 1).get("metrics");
            JsonNode m = closed(stack, 4).get("metrics");
            assertEquals(4.0, m.get("traffic.c.0.outstanding_max").asDouble(), stack);
            double perSecond = m.get("traffic.c.0.accepted_n").asDouble() / ClosedLoopTest.WINDOW_S;
            double inFlight = perSecond * m.get("traffic.c.0.latency_mean_us").asDouble() / 1e6;
            assertTrue(inFlight > 1.5 && inFlight <= 4.0 * 1.01, stack + ": in flight on average " + inFlight);
            assertTrue(perSecond > 1.2 * one.get("traffic.c.0.accepted_n").asDouble() / ClosedLoopTest.WINDOW_S,
                    stack + ": overlap pays");
            assertEquals(m.get("traffic.c.received_n").asDouble(), m.get("traffic.c.acks_n").asDouble(), stack);
        }
    }

    /**
     * Hosts that both send and receive: on 2 hosts with shift(1) each sends to the other and acknowledges the
     * other's messages, taking acknowledgements and data from the same peer apart. On FM 2.x (handler ids), BIP
     * (tags, its data receive giving up when an acknowledgement waits) and MPI over FM 2.x (tags): every message
     * either host created is completed, each host's arrivals are the other's messages (received_n = sent_n summed)
     * and each was acknowledged once; nothing unmatched, the ledger whole (exit 0).
     */
    @Test
    void aHostThatSendsAndReceivesTellsAcknowledgementsFromData() throws IOException {
        for (String stack : new String[] {"fm2", "bip", "mpi-fm2"}) {
            JsonNode m = run("both-" + stack, "c { stack = " + stack + ", hosts = \"0-1\", pattern = \"shift(1)\","
                    + " size = \"uniform(8, 2048)\", arrival = closed, outstanding = 3, duration = 1ms,"
                    + " warmup = 100us }").get("metrics");
            double sent = m.get("traffic.c.0.sent_n").asDouble();
            assertTrue(sent > 20, stack + ": " + sent);
            assertEquals(m.get("traffic.c.0.created_n").asDouble(), sent, stack);
            assertEquals(sent, m.get("traffic.c.0.delivered_n").asDouble(), stack + ": every message completed");
            assertEquals(sent, m.get("traffic.c.received_n").asDouble(), stack + ": data counted as data");
            assertEquals(sent, m.get("traffic.c.acks_n").asDouble(), stack + ": one acknowledgement each");
            assertEquals(3.0, m.get("traffic.c.0.outstanding_max").asDouble(), stack);
            assertEquals(0.0, m.get("traffic.c.unmatched").asDouble(), stack);
        }
    }

    /**
     * Every other stack with a Messenger, each adapter marking acknowledgements its own way (FM 1.x and FM/MC a
     * handler id, MPI over FM 1.x a tag, VMMC and VMMC-2 a second export, PM, Hamlyn, Trapeze, U-Net, LFC and the
     * basic protocol the first byte of the last part), both hosts sending and receiving as above: the counts add up
     * the same way. GAM, an AM stack, completes by AM's replies and sends no acknowledgement.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fm1", "mpi-fm1", "fmmc", "pm", "vmmc", "vmmc2", "lfc", "hamlyn", "trapeze", "unet", "basic",
        "gam"})
    void everyStackCompletesItsMessages(String stack) throws IOException {
        JsonNode m = run("every-" + stack, "c { stack = " + stack + ", hosts = \"0-1\", pattern = \"shift(1)\","
                + " size = \"uniform(8, 2048)\", arrival = closed, outstanding = 3, duration = 1ms,"
                + " warmup = 100us }").get("metrics");
        double sent = m.get("traffic.c.0.sent_n").asDouble();
        assertTrue(sent >= 10, stack + ": " + sent);
        assertEquals(sent, m.get("traffic.c.0.delivered_n").asDouble(), stack + ": every message completed");
        assertEquals(sent, m.get("traffic.c.received_n").asDouble(), stack);
        assertEquals(stack.equals("gam") ? 0.0 : sent, m.get("traffic.c.acks_n").asDouble(), stack);
        assertEquals(3.0, m.get("traffic.c.0.outstanding_max").asDouble(), stack);
    }

    /**
     * Two closed-loop jobs share the fat tree: AM-II on hosts 0-3 (AM's replies tell its senders: no
     * acknowledgement is sent, acks_n = 0) and FM 2.x on hosts 4-7 (acknowledged), uniform random, 4 outstanding.
     * Each job's counters add up on their own: created = sent = completed = received, and FM 2.x's acks_n equals
     * its received_n.
     */
    @Test
    void anAmiiAndAnFm2ClosedLoopShareTheFabricEachAddingUp() throws IOException {
        JsonNode m = run("two", "am { stack = amii, hosts = \"0-3\", pattern = uniform, size = 256, arrival = closed,"
                + " outstanding = 4, duration = 1ms, warmup = 100us }\n fm { stack = fm2, hosts = \"4-7\","
                + " pattern = uniform, size = 256, arrival = closed, outstanding = 4, duration = 1ms,"
                + " warmup = 100us }").get("metrics");
        for (String job : new String[] {"am", "fm"}) {
            String k = "traffic." + job + ".";
            double sent = m.get(k + "0.sent_n").asDouble();
            assertTrue(sent > 4 * 20, job + ": " + sent);
            assertEquals(m.get(k + "0.created_n").asDouble(), sent, job);
            assertEquals(sent, m.get(k + "0.delivered_n").asDouble(), job);
            assertEquals(sent, m.get(k + "received_n").asDouble(), job);
            assertEquals(job.equals("am") ? 0.0 : sent, m.get(k + "acks_n").asDouble(), job);
            assertTrue(m.get(k + "0.outstanding_max").asDouble() <= 4.0, job);
        }
    }

    /** A bad acknowledgement size is one line and exit 2, before anything runs. */
    @Test
    void aBadAckSizeIsOneLine() throws IOException {
        Path file = tmp.resolve("bad.conf");
        Files.writeString(file, "nowemu { workload = traffic, topology.name = fat-tree, traffic.ack-size = 100B\n"
                + " traffic.jobs { c { stack = fm2, hosts = \"0-1\", pattern = uniform, size = 8, arrival = closed,"
                + " outstanding = 1, duration = 1ms } } }\n");
        CommandLineTest.Outcome o = nowemu("run", file.toString(), "--out", tmp.resolve("bad").toString());
        assertEquals(2, o.code(), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().contains("nowemu.traffic.ack-size"), o.err());
        assertFalse(Files.exists(tmp.resolve("bad")));
    }
}
