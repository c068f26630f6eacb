package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.switching.SwitchPort;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * Why the bisection exchange's round trips on the NOW were 30 us longer than the other patterns' (experiments §4):
 * the 92 hosts' ping-pongs run in step, and the lowest-port routes send every flow between sub-clusters up the
 * same cables, so the packets queue where a sub-cluster's flows meet, not at the cables into the joining
 * switches. The switch ports' arbitration waits ({@code switch.wait_ps}, kept when tracing) say where and how long.
 */
class BisectionFunnelTest {
    /**
     * The round-trip phase: bandwidth phase 2-4 ms, the default 25 ms gap (the bandwidth phase's queues take
     * milliseconds to drain through the bisection), round trips 29-31 ms measured from 29.5 ms.
     */
    private static final long FROM = 29_500_000_000L;
    private static final long END = 31_000_000_000L;

    private record Phase(double rttUs, long roundTrips, TreeMap<String, Histogram> waits, String digest) {
        /** Arbitration waits of every packet (requests, replies and their ACKs) per measured round trip. */
        double waitsPerRoundTripUs() {
            double sum = 0;
            for (Histogram h : waits.values()) {
                sum += h.getMean() * h.getTotalCount();
            }
            return sum / 1e6 / roundTrips;
        }

        double meanWaitUs(String port) {
            Histogram h = waits.get(port);
            return h == null ? 0 : h.getMean() / 1e6;
        }
    }

    /** The bisection exchange on 92 hosts of now; the waits of the measured window of its round-trip phase. */
    private static Phase bisection(boolean spread) {
        Config config = ExperimentConfig.load("permutations", List.of("nowemu.permutations.patterns=[bisection]",
                "nowemu.topology.now.spread-routes=" + spread, "nowemu.permutations.duration=2ms",
                "nowemu.permutations.warmup=500us",
                "nowemu.runtime.trace.enabled=true", "nowemu.runtime.trace.max-events-per-component=0"),
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        // The same seeded run twice, to the window's start and to its end: the waits in between are the window's.
        Plan early = Workloads.from(new ConfigReader(config)).plan(config);
        RunResult before = Emulation.run(early.model(), RuntimeSettings.from(config), FROM);
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), END);
        TreeMap<String, Histogram> waits = new TreeMap<>();
        for (int i = 0; i < r.components().size(); i++) {
            ComponentReport c = r.components().get(i);
            Histogram h = c.histograms().get(SwitchPort.WAIT);
            if (h != null) {
                Histogram d = h.copy();
                Histogram b = before.components().get(i).histograms().get(SwitchPort.WAIT);
                if (b != null) {
                    d.subtract(b);
                }
                waits.put(c.name(), d);
            }
        }
        long n = r.counter("perm.bisection.rtt_n");
        return new Phase(r.counter("perm.bisection.rtt_ps") / 1e6 / n, n, waits, r.digest());
    }

    /**
     * Lowest-port routes: every flow from sub-cluster A leaves through top s11 and join s38, and the 25 hosts of
     * A's leaves s1, s2, s3, s5 and s6 (whose first uplink is middle s7) all climb s7's cable to s11 (port 5);
     * in B, 25 climb s20's. Per round trip each host sends four short packets up there (its request, its
     * reply to its partner's request, an ACK for each of the partner's): about 100 on s7's cable. Arriving
     * together, one waits on average for half of them, 50 x 0.35 us = 17 us; a round trip's request and reply
     * each climb one such funnel, A's and B's: about 35 us more than the other patterns. The waits show up at
     * the middle's port and, through STOP/GO (the middle's slack buffer holds STOP while its port is busy), at
     * the leaves' uplinks behind it; the ports into and out of the joins, the bisection itself, wait under half
     * a microsecond per packet. Spread routes (each destination's own up links) give every cable a fraction of
     * that: the waits vanish and the round trip comes down to about the others' (47 us) plus the extra switches.
     */
    @Test
    void lowestPortRoutesQueueTheInStepPingPongsInsideTheSubClustersNotAtTheJoins() {
        Phase lowest = bisection(false);
        Phase spread = bisection(true);
        double excess = lowest.rttUs() - spread.rttUs();
        System.out.printf("bisection round trips: lowest-port %.1f us (%d), waits %.2f us per round trip, s7.p5 %.2f,"
                + " s20.p5 %.2f us per head; spread %.1f us (%d), waits %.2f us per round trip; digests %s %s%n",
                lowest.rttUs(), lowest.roundTrips(), lowest.waitsPerRoundTripUs(), lowest.meanWaitUs("s7.p5"),
                lowest.meanWaitUs("s20.p5"), spread.rttUs(), spread.roundTrips(), spread.waitsPerRoundTripUs(),
                lowest.digest(), spread.digest());
        assertTrue(excess > 20, "lowest-port " + lowest.rttUs() + " us, spread " + spread.rttUs() + " us");
        assertTrue(lowest.waitsPerRoundTripUs() > 20 && lowest.waitsPerRoundTripUs() < 40,
                lowest.waitsPerRoundTripUs() + " us of waits per round trip");
        // The waits make the excess: the request's and the reply's are in the sum, and so are the ACKs', which
        // are off the round trip's path (a half more at most: they wait as long as the others, and half as many
        // of them fall within the round trip).
        double more = lowest.waitsPerRoundTripUs() - spread.waitsPerRoundTripUs();
        assertTrue(more >= excess && more <= 1.5 * excess, "waits " + more + " us more per round trip against an"
                + " excess of " + excess + " us");
        assertTrue(spread.waitsPerRoundTripUs() < 1, spread.waitsPerRoundTripUs() + " us");
        assertTrue(lowest.meanWaitUs("s7.p5") > 2 && lowest.meanWaitUs("s20.p5") > 2,
                "middles " + lowest.meanWaitUs("s7.p5") + ", " + lowest.meanWaitUs("s20.p5"));
        for (String join : new String[] {"s11.p4", "s24.p4", "s38.p0", "s38.p1"}) {
            assertTrue(lowest.meanWaitUs(join) < 0.5, join + " " + lowest.meanWaitUs(join) + " us");
        }
        assertEquals("6aa7d82c3d969e9f", lowest.digest());
        assertEquals("1738e855da61c2df", spread.digest());
    }
}
