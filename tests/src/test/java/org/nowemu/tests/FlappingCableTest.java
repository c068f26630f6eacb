package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Cables that come and go under request/reply traffic. The contention run of issue 18: h0 serves, h1 (on s0 with
 * h0) and h2 (on s1, behind the cable s0:2) are clients, six 1 ms phases from 0.5 ms (one client, then both, for
 * short, bulk and round-trip requests) with 1 ms gaps, traffic over at 12.5 ms. The transport's quantum is 1 ms
 * instead of 10 ms, so a timeout is 2 ms and runs stay short.
 *
 * <p>What must hold in every run: every message handled once or returned to its sender (a message handled and
 * also returned is allowed: its ACKs were lost, AM-II cannot know), none lost, handled twice or by the wrong
 * endpoint; the same schedule and seed give the same digest and ledger.
 *
 * <p>Why it is not a given. A cable cut for {@code for} every {@code every} from 1 ms on, for as long as the run
 * lasts, is up a fraction of the time, but the retransmission timer is periodic too: with for = 2 us and every =
 * 3 us a channel's resends fall 2 ms apart, 666,666 periods and 2 us, so three resends in a row meet the three
 * phases of the flap and then the pattern repeats. A channel whose data is cut in one phase and whose ACK (some
 * microseconds later) is cut in the others never gets an ACK and gives up after max-retries, though the cable
 * works a third of the time; the replies queued behind it meanwhile, and the client's requests come back as
 * unreachable after the server handled them (some requests are replied to and returned). Three things then lost
 * messages: a message waiting for a channel began its own retries only when a channel gave up (it now uses them
 * up while it waits); a request that reaches its server on its last resend causes a reply with a give-up time of
 * its own, beyond a horizon of one give-up time after the traffic (the horizon is now two); and a client that
 * counted a request both replied and returned stopped polling with a reply or a return still to come (it now
 * polls on once a request came back). The cases below are the issue's (2 us every 3 us, 1 us every 2 us, and
 * the same bounded to 3,000 flaps), other phases and periods on h1 and on s0:2, the late-reply construction, and
 * four seeded random schedules. Measured with each mechanism taken back: without the client's polling on, 1 us
 * every 2 us, the flap from 1000.5 us and random seed 4 lose a message (4 of seeds 1..10 do); with a horizon of
 * one give-up time, {@link #aRequestThatGetsThroughOnItsLastResendStillHasItsReplySettled} does; the wait needs
 * more messages queued for one destination than this workload makes (a client has as many credits as there are
 * channels), and {@code WaitingGiveUpTest} in the protocol module shows it.
 */
class FlappingCableTest {
    /** max-retries for the periodic cases: the give-up time is (60 + 2) x 2 ms = 124 ms, twice that 248 ms. */
    private static final String RETRIES = "nowemu.protocol.transport.max-retries=60";

    static RunResult run(String faults, String... more) {
        List<String> sets = new ArrayList<>(List.of("nowemu.topology.name=chain", "nowemu.topology.chain.switches=2",
                "nowemu.topology.chain.hosts-per-switch=2", "nowemu.contention.clients=[1,2]",
                "nowemu.contention.duration=1ms", "nowemu.contention.warmup=200us", "nowemu.contention.gap=1ms",
                "nowemu.contention.start=500us", "nowemu.protocol.transport.quantum=1ms", "nowemu.faults=" + faults));
        sets.addAll(List.of(more));
        Config config = ExperimentConfig.load("contention", sets,
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        return Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
    }

    /** Runs {@code faults} twice; checks the ledger of the first and that the second is the same run. */
    static RunResult kept(String faults, String... more) {
        RunResult r = run(faults, more);
        Ledger l = r.ledger();
        String what = faults.length() > 200 ? faults.substring(0, 200) + "..." : faults;
        assertTrue(l.sent() > 50, what + ": traffic flowed, " + l);
        assertEquals(0, l.lost(), what + ": " + l);
        assertEquals(0, l.duplicated(), what + ": " + l);
        assertEquals(0, l.misdelivered(), what + ": " + l);
        assertEquals(0, l.unsent(), what + ": " + l);
        assertEquals(0, l.endedWithCrash(), what + ": " + l);
        assertEquals(l.sent(), l.handledOnce() + l.returned() + l.returnedAfterHandling(), what + ": " + l);
        assertTrue(r.invariants().hold(), what);
        assertTrue(r.counter("vn.retransmissions") > 0, what + ": the flapping cost packets");
        RunResult again = run(faults, more);
        assertEquals(r.digest(), again.digest(), what + ": same schedule and seed, same run");
        assertEquals(l, again.ledger(), what);
        return r;
    }

    private static String flap(String element, String at, String length, String every, String more) {
        return "[{fault=cut-link,element=\"" + element + "\",at=" + at + ",for=" + length + ",every=" + every + more
                + "}]";
    }

    /**
     * The issue's schedules on h1's cable, flapping until the run ends. Some channels give up (phase-locked as
     * above), so messages come back; with the flapping bounded to 3,000 periods (9 ms) the cable is steady long
     * before any channel has used its 60 retries, so nothing comes back and every message is handled once.
     */
    @Test
    void theIssuesFlappingLosesNothing() {
        for (String[] c : new String[][] {{"2us", "3us"}, {"1us", "2us"}}) {
            Ledger l = kept(flap("h1", "1ms", c[0], c[1], ""), RETRIES).ledger();
            assertTrue(l.returned() + l.returnedAfterHandling() > 0, c[0] + " every " + c[1]
                    + ": phase-locked channels gave up, " + l);
        }
        RunResult bounded = kept(flap("h1", "1ms", "2us", "3us", ",times=3000"), RETRIES);
        assertEquals(bounded.ledger().sent(), bounded.ledger().handledOnce(), bounded.ledger().toString());
    }

    /**
     * Other phases against the timer (the flap starting 0.5 us and 1.7 us later), another period (3 us every 5
     * us: resends fall 2 ms = 400,000 periods apart, the same phase each time), and the cable between the
     * switches, which h2's traffic crosses (1 us every 3 us; 2 us every 3 us).
     */
    @Test
    void otherPeriodsAndPhasesLoseNothing() {
        kept(flap("h1", "1000500ns", "2us", "3us", ""), RETRIES);
        kept(flap("h1", "1001700ns", "3us", "5us", ""), RETRIES);
        kept(flap("s0:2", "1ms", "1us", "3us", ""), RETRIES);
        kept(flap("s0:2", "1ms", "2us", "3us", ""), RETRIES);
    }

    /**
     * h1's cable dead from 1 ms to 111 ms, flapping 2 us every 3 us until 114 ms, then dead for good. h1's requests
     * on its four channels are resent every 2 ms for 110 ms; in the flapping some get through on their last resends
     * (at 112-113 ms, 11 ms before their give-up at about 125 ms) and the server replies, but ACKs and replies are
     * lost in the flapping and the cable then dies: the replies are given up 124 ms after they were sent, at about
     * 236 ms, and come back to the server. With a horizon of one give-up time after the traffic (12.5 + 124 ms) the
     * run ended with such a reply neither handled nor returned (measured: message 0x8e, sent at 112.526 ms); two
     * give-up times cover it.
     */
    @Test
    void aRequestThatGetsThroughOnItsLastResendStillHasItsReplySettled() {
        RunResult r = kept("[{fault=cut-link,element=h1,at=1ms,until=111ms},"
                + "{fault=cut-link,element=h1,at=111ms,for=2us,every=3us,times=1000},"
                + "{fault=cut-link,element=h1,at=114ms}]", RETRIES);
        assertTrue(r.ledger().returnedAfterHandling() > 0, "requests handled on a last resend came back: "
                + r.ledger());
        assertTrue(r.finalTimePs() > 230_000_000_000L, "the last replies were given up after 230 ms");
    }

    /**
     * Seeded random flapping on h1 and on s0:2, each on its own schedule: from 1 ms to 140 ms, bursts of periodic
     * flapping (cut 0.3-5 us, up 0.3-5 us, 20 to 3,000 times; 60% of the bursts) or a steady cut (10 us to 5 ms),
     * then the cable up for 1 us to 2 ms; every length log-uniform. max-retries 3 (a give-up after 8 ms of silence),
     * so channels give up often. Four seeds; different seeds give different runs.
     */
    @Test
    void randomFlappingLosesNothing() {
        java.util.TreeSet<String> digests = new java.util.TreeSet<>();
        for (long seed = 1; seed <= 4; seed++) {
            RunResult r = kept(random(seed), "nowemu.protocol.transport.max-retries=3");
            assertTrue(r.ledger().returned() + r.ledger().returnedAfterHandling() > 0,
                    "seed " + seed + ": channels gave up, " + r.ledger());
            digests.add(r.digest());
        }
        assertEquals(4, digests.size());
    }

    /** Both cables' schedules for {@code seed}. */
    static String random(long seed) {
        return "[" + bursts(new SplittableRandom(seed), "h1") + ","
                + bursts(new SplittableRandom(seed).split(), "\"s0:2\"") + "]";
    }

    private static String bursts(SplittableRandom r, String element) {
        List<String> entries = new ArrayList<>();
        long t = 1_000_000;
        while (t < 140_000_000) {
            String at = "{fault=cut-link,element=" + element + ",at=" + t + "ns,for=";
            if (r.nextDouble() < 0.6) {
                long length = ns(r, 0.3, 5);
                long every = length + ns(r, 0.3, 5);
                long times = Math.round(logUniform(r, 20, 3000));
                entries.add(at + length + "ns,every=" + every + "ns,times=" + times + "}");
                t += every * times;
            } else {
                long length = ns(r, 10, 5000);
                entries.add(at + length + "ns}");
                t += length;
            }
            t += ns(r, 1, 2000);
        }
        return String.join(",", entries);
    }

    /** A log-uniform length between {@code lo} and {@code hi} microseconds, in whole nanoseconds. */
    private static long ns(SplittableRandom r, double lo, double hi) {
        return Math.max(1, Math.round(logUniform(r, lo, hi) * 1000));
    }

    private static double logUniform(SplittableRandom r, double lo, double hi) {
        return Math.exp(Math.log(lo) + r.nextDouble() * (Math.log(hi) - Math.log(lo)));
    }
}
