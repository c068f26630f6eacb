package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * workloads/sensitivity.conf at a small size: 8 hosts of the NOW in a circular shift (a bandwidth phase of 4 KB
 * requests, then a round-trip phase of short ones, 1 ms each), on unmodified AM-II and on one point of each
 * knob's sweep, each point on both engines: same digest, pinned.
 */
class SensitivityTest {
    private static final List<String> SMALL = List.of("nowemu.permutations.hosts=8",
            "nowemu.permutations.patterns=[cshift]", "nowemu.permutations.duration=1ms",
            "nowemu.permutations.warmup=200us", "nowemu.permutations.gap=500us");

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * The round trip of the shift's short requests, every host at once client of the next and server of the one
     * before, by hand: added-overhead 10 us is paid four times a round trip (the client's send, the server's
     * receive and reply, the client's receive): + 40 us. added-latency 10 us is paid twice (request and reply):
     * + 20 us. added-per-byte 50 ns stretches each 4 KB fetch by 204.8 us, so the shift's bandwidth falls.
     */
    @Test
    void eachKnobsPointRunsTheSameOnBothEnginesWithItsPinnedDigest() {
        SortedMap<String, Double> amii = point("amii", "f9ab970c5a35e06d");
        SortedMap<String, Double> o = point("amii-o10us", "3860d39deabc77c1");
        SortedMap<String, Double> g = point("amii-g10us", "5959797f20916bdb");
        SortedMap<String, Double> l = point("amii-L10us", "f0e076ffd365d11d");
        SortedMap<String, Double> bytes = point("amii-G50ns", "a42b51e6f733cf49");
        double rtt = amii.get("perm.cshift.rtt_us");
        assertEquals(rtt + 40, o.get("perm.cshift.rtt_us"), 2.0, "o: four times a round trip");
        assertEquals(rtt + 20, l.get("perm.cshift.rtt_us"), 1.0, "L: twice a round trip");
        assertTrue(g.get("perm.cshift.rtt_us") > rtt, "g: the stalled LANai delays what it receives too");
        assertTrue(bytes.get("perm.cshift.bw_MBps") < 0.7 * amii.get("perm.cshift.bw_MBps"), "G: bandwidth falls");
    }

    /** Runs the sweep's point {@code stack} on both engines; their digests must agree, and equal {@code pinned}. */
    private static SortedMap<String, Double> point(String stack, String pinned) {
        List<String> sets = new ArrayList<>(SMALL);
        sets.add("nowemu.permutations.stack=" + stack);
        Run actors = run(sets);
        sets.add("nowemu.runtime.engine=sequential");
        Run seq = run(sets);
        assertEquals(actors.r.digest(), seq.r.digest(), stack + ": both engines");
        assertEquals(actors.r.events(), seq.r.events(), stack);
        assertEquals(actors.r.counters(), seq.r.counters(), stack);
        assertTrue(seq.r.kept(), stack + ": every message accounted for");
        assertEquals(pinned, seq.r.digest(), stack + ": pinned digest");
        return seq.metrics;
    }

    private record Run(RunResult r, SortedMap<String, Double> metrics) {
    }

    private static Run run(List<String> sets) {
        Config c = ExperimentConfig.load("sensitivity", sets, Path.of(System.getProperty("nowemu.home"))).config();
        Workload w = Workloads.from(new ConfigReader(c));
        Plan plan = w.plan(c);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(c), plan.horizonPs(), c, new RunProgress());
        return new Run(r, w.metrics(plan, r));
    }
}
