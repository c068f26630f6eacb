package org.nowemu.protocol.basic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * The basic protocol with each reliability choice ({@code basic-<choice>} stacks), against a receiver slower than
 * its sender: 8 host buffers, 100 packets of 256 B sent at once, the receiver spending 20 us per packet (sending
 * one takes about 5 us), so the receiver's ring overflows. The survey's protocol drops; each choice that keeps the
 * receiver from overflowing (credits, back-pressure) or recovers (NACK and resend) delivers all 100, in order.
 */
class BasicReliabilityTest {
    private static final long MS = 1_000_000_000L;

    private static ConfigReader config(String more) {
        return AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.basic.recv-ring = 8\n" + more);
    }

    /** Host 0 sends {@code n} packets numbered in their first two bytes; host 1 handles them slowly. */
    private static RunResult slowReceiver(ConfigReader r, String stack, int n, List<Integer> got) {
        return Systems.run(Systems.pair(r, stack, BasicProgram.class, new Numbered(n, 40 * MS),
                new Slow(n, got)));
    }

    /** Packets 0..n-1 of 256 B to host 1, numbered in their first two bytes; then polls until {@code until}. */
    private record Numbered(int n, long until) implements BasicProgram {
        @Override
        public void run(Basic b) {
            for (int k = 0; k < n; k++) {
                byte[] p = new byte[256];
                p[0] = (byte) (k >> 8);
                p[1] = (byte) k;
                b.send(1, p);
            }
            b.pollUntil(() -> false, until);
        }
    }

    /** Spends 20 us on each packet, noting its number in {@code got}, until n have come or 40 ms. */
    private record Slow(int n, List<Integer> got) implements BasicProgram {
        @Override
        public void run(Basic b) {
            b.setHandler((src, data) -> {
                got.add(((data[0] & 0xff) << 8) | (data[1] & 0xff));
                b.computeFor(20_000_000L);
            });
            b.pollUntil(() -> got.size() == n, 40 * MS);
        }
    }

    /** Five one-byte packets 0..4 to host 1, then polls for 10 ms. */
    private record Five() implements BasicProgram {
        @Override
        public void run(Basic b) {
            for (int k = 0; k < 5; k++) {
                b.send(1, new byte[] {(byte) k});
            }
            b.pollUntil(() -> false, 10 * MS);
        }
    }

    private static List<Integer> upTo(int n) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(i);
        }
        return l;
    }

    @Test
    void theSurveysProtocolDropsWhatTheOthersKeep() {
        List<Integer> got = new ArrayList<>();
        RunResult none = slowReceiver(config(""), "basic", 100, got);
        assertTrue(none.counter("basic.dropped.no_buffer") > 0);
        assertEquals(100, got.size() + none.ledger().dropped());
        assertTrue(none.ledger().kept());
    }

    @Test
    void ackNackDiscardsNacksAndResendsInOrderAndTheLedgerHoldsItToEveryPacket() {
        List<Integer> got = new ArrayList<>();
        RunResult res = slowReceiver(config(""), "basic-acknack", 100, got);
        assertEquals(upTo(100), got);
        assertTrue(res.counter("rel.discarded.no_room") > 0 && res.counter("rel.nacks") > 0
                && res.counter("rel.resent") > 0, res.counters().toString());
        assertEquals(0, res.ledger().dropped());
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(100, res.ledger().handledOnce());
    }

    @Test
    void theAlternatingBitDeliversEverythingOneAtATime() {
        List<Integer> got = new ArrayList<>();
        RunResult res = slowReceiver(config(""), "basic-altbit", 100, got);
        assertEquals(upTo(100), got);
        // Stop and wait: each packet ACKed once when taken; a packet that found the ring full is NACKed and sent
        // again, once per NACK (a window of one has nothing else to go back to).
        assertEquals(100, res.counter("rel.acks_sent"));
        long nacks = res.counter("rel.nacks");
        assertTrue(nacks > 0);
        assertEquals(nacks, res.counter("rel.discarded.no_room"));
        assertEquals(nacks, res.counter("rel.resent"));
        assertTrue(res.ledger().kept());
    }

    @Test
    void backPressureHoldsTheSenderOnTheLink() {
        List<Integer> got = new ArrayList<>();
        RunResult res = slowReceiver(config(""), "basic-backpressure", 100, got);
        assertEquals(upTo(100), got);
        assertTrue(res.counter("rel.held") > 0 && res.counter("nic.rx.stops_sent") > 0, res.counters().toString());
        assertEquals(0, res.ledger().dropped());
    }

    @Test
    void creditsKeepTheReceiverFromOverflowing() {
        for (String stack : List.of("basic-niccredit", "basic-hostcredit")) {
            List<Integer> got = new ArrayList<>();
            RunResult res = slowReceiver(config(""), stack, 100, got);
            assertEquals(upTo(100), got, stack);
            assertEquals(0, res.ledger().dropped(), stack);
            assertEquals(0, res.counter("basic.dropped.no_buffer"), stack);
        }
    }

    /**
     * Bit errors, one in 10^5 (a 264 B packet is damaged about 2% of the time): the resending choices lose
     * nothing, the ledger holds them to every packet; the survey's protocol loses what was damaged, counted.
     */
    @Test
    void underBitErrorsTheResendingChoicesLoseNothing() {
        ConfigReader noisy = config("nowemu.hardware.profiles.ppro.link.bit-error-rate = 1e-5\n"
                + "nowemu.protocol.basic.recv-ring = 32");
        for (String stack : List.of("basic-acknack", "basic-altbit")) {
            List<Integer> got = new ArrayList<>();
            RunResult res = slowReceiver(noisy, stack, 300, got);
            assertTrue(res.counter("nic.rx.crc_errors") > 0, stack + ": some packets were damaged");
            assertEquals(upTo(300), got, stack);
            assertTrue(res.ledger().kept(), stack + " " + res.ledger());
            assertEquals(0, res.ledger().dropped(), stack);
        }
        List<Integer> got = new ArrayList<>();
        RunResult none = slowReceiver(noisy, "basic", 300, got);
        assertTrue(none.ledger().dropped() > 0 && none.ledger().kept(), none.ledger().toString());
    }

    /**
     * A cut: host 1's cable is cut at 0 and stays cut. ACK/NACK hears nothing, goes back at each 200 us timeout, and
     * after 20 timeouts in a row gives the destination up: the 5 packets it kept come back to their sender as
     * returned (unreachable), and the ledger is kept: every message sent was handled or returned.
     */
    @Test
    void aDestinationThatNeverAnswersIsGivenUpAndItsPacketsReturned() {
        ConfigReader r = config("");
        org.nowemu.hardware.topology.Topology t = AmNets.topology(r);
        var failures = org.nowemu.hardware.cluster.Failures.on(t)
                .cable(new org.nowemu.hardware.topology.Port(t.hosts().get(1).index(), 0), 0);
        var stack = Systems.stack(r, "basic-acknack").runs(BasicProgram.class, "test");
        RunResult res = Systems.run(org.nowemu.protocol.system.SystemCluster.build(t, AmNets.profile(r), h -> stack,
                h -> h != 0 ? List.of() : List.of(new Five()), failures));
        assertEquals(5, res.counter("rel.given_up"));
        assertEquals(5, res.counter("basic.given_up"));
        assertEquals(20 * 5, res.counter("rel.resent"), "each timeout sends the 5 kept packets again");
        assertEquals(5, res.ledger().returned());
        assertTrue(res.ledger().kept(), res.ledger().toString());
    }

    @Test
    void aBadReliabilityIsOneLineNamingTheStacksKey() {
        ConfigReader r = config("nowemu.protocol.stacks.basic-x { system = basic, max-payload = 256B, "
                + "reliability = tcp }");
        BadInputException e = assertThrows(BadInputException.class, () -> Systems.stack(r, "basic-x"));
        assertTrue(e.getMessage().contains("nowemu.protocol.stacks.basic-x.reliability"), e.getMessage());
    }
}
