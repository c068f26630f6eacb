package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
 * A skeleton's compute follows the hardware profile's host: workloads/skeletons.conf cut to CG and radix sort on two
 * hosts of one switch over AM-II, once on {@code now} and once on {@code ppro}, the compute each rank spent counted
 * in the run ({@code compute_ps}).
 */
class SkeletonComputePerProfileTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * By hand from the operation counts. CG class S on 2 ranks, one outer iteration: 26 products of 2 x 1400 x 64 /
     * 2 = 89600 flops, each with its row sum's 700 adds, and 256 flops of vector work on each of a rank's 700
     * columns: 2527000 flops a rank, 5054000 in all. Radix class S on 2 ranks, one pass: 65536 keys counted, 2 x 256
     * counts scanned, 65536 batched, 65536 placed: 197120 key operations a rank, 394240 in all. now charges 20 ns a flop and 50 ns a key: 101.08 ms and
     * 19.712 ms; ppro 30 ns and 40 ns: 151.62 ms and 15.7696 ms, CG's compute up by 3/2, radix's down to 4/5.
     * CG computes far more than it sends (79 messages a rank, 146 KB, against 50 ms of flops), so its compute share
     * rises on ppro.
     */
    @Test
    void theComputeMovesByTheRatioOfTheProfilesCosts() {
        SortedMap<String, Double> now = run("now");
        SortedMap<String, Double> ppro = run("ppro");
        assertEquals(101_080_000_000.0, now.get("motif.apps.0.compute_ps"));
        assertEquals(19_712_000_000.0, now.get("motif.apps.1.compute_ps"));
        assertEquals(151_620_000_000.0, ppro.get("motif.apps.0.compute_ps"));
        assertEquals(15_769_600_000.0, ppro.get("motif.apps.1.compute_ps"));
        double nowShare = 1 - now.get("motif.apps.0.comm_share");
        double pproShare = 1 - ppro.get("motif.apps.0.comm_share");
        assertTrue(pproShare > nowShare, "cg's compute share: now " + nowShare + ", ppro " + pproShare);
        for (SortedMap<String, Double> m : List.of(now, ppro)) {
            assertEquals(2.0, m.get("motif.apps.done_ranks"));
            assertEquals(158.0, m.get("motif.apps.0.sent_n"), "cg: 79 messages a rank");
        }
    }

    /**
     * A cost that is not a time, and the key the costs lived under before they followed the profile, are each one
     * line and exit 2 before anything runs.
     */
    @Test
    void aBadCostOrTheOldKeyIsOneLineBeforeAnythingRuns() {
        String flop = "nowemu.hardware.profiles.ppro.host.flop=fast";
        assertOneLineBadInput(nowemu("run", "skeletons", "--set", "nowemu.hardware.profile=ppro", "--set", flop,
                "--out", tmp.resolve("o1").toString()), "nowemu: nowemu.hardware.profiles.ppro.host.flop: expected a"
                + " duration with a unit (ps, ns, us, ms, s), got 'fast' (--set " + flop + ")");
        String old = "nowemu.traffic.skeleton-costs.flop=30ns";
        assertOneLineBadInput(nowemu("run", "skeletons", "--set", old, "--out", tmp.resolve("o2").toString()),
                "nowemu: unknown key nowemu.traffic.skeleton-costs.flop (--set " + old + "); every key lives in a"
                        + " module's reference.conf");
        assertFalse(java.nio.file.Files.exists(tmp.resolve("o1")));
        assertFalse(java.nio.file.Files.exists(tmp.resolve("o2")));
    }

    private static SortedMap<String, Double> run(String profile) {
        List<String> sets = new ArrayList<>(List.of("nowemu.hardware.profile=" + profile,
                "nowemu.topology.name=single", "nowemu.traffic.jobs.apps.stack=amii",
                "nowemu.traffic.jobs.apps.hosts=first 2",
                "nowemu.traffic.jobs.apps.phases=[{skeleton = cg, iterations = 1},"
                        + " {skeleton = radix, iterations = 1}]"));
        Config c = ExperimentConfig.load("skeletons", sets, Path.of(System.getProperty("nowemu.home"))).config();
        Workload w = Workloads.from(new ConfigReader(c));
        Plan plan = w.plan(c);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(c), plan.horizonPs(), c, new RunProgress());
        SortedMap<String, Double> m = w.metrics(plan, r);
        for (String ph : new String[] {"0", "1"}) {
            m.put("motif.apps." + ph + ".compute_ps", (double) r.counter("motif.apps." + ph + ".compute_ps"));
        }
        return m;
    }
}
