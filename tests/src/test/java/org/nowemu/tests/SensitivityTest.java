package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Files;
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
 * workloads/sensitivity.conf at a small size: 8 hosts of the NOW, two applications (IS and FT, class S, one
 * iteration each), on unmodified AM-II and with o or L raised by 25 us; each point on both engines, same digest,
 * pinned; and the sweep's slowdown plots over the same three points through the command line.
 */
class SensitivityTest {
    private static final List<String> SMALL = List.of("nowemu.traffic.jobs.apps.hosts=first 8",
            "nowemu.traffic.jobs.apps.phases=[{skeleton = is, iterations = 1}, {skeleton = ft, iterations = 1}]",
            "nowemu.sweep.slowdown=[{label = is, metric = \"motif.apps.0.time_us\"},"
                    + " {label = ft, metric = \"motif.apps.1.time_us\"}]");
    private static final String[] APPS = {"is", "ft"};

    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /** The small study's settings with the apps job on {@code stack}. */
    static List<String> small(String stack) {
        List<String> sets = new ArrayList<>(SMALL);
        sets.add("nowemu.traffic.jobs.apps.stack=" + stack);
        return sets;
    }

    /**
     * By hand. o: AM-II's library spins 25 us in every send call (each message at least one request) and for every
     * message a poll takes out (each message received at least once), so a rank is busy at least
     * 25 us x (sent + received) and its phase lasts at least that. L: IS starts
     * with an allreduce by recursive doubling, log2 8 = 3 rounds each waiting for its partner's message, and each
     * message waits 25 us in the delay line: IS grows by at least 3 x 25 = 75 us. FT's alltoall waits for 7 partners
     * in turn: it grows too.
     */
    @Test
    void eachKnobsPointRunsTheSameOnBothEnginesWithItsPinnedDigest() {
        SortedMap<String, Double> amii = point("amii", "f4fb9d838a5f428a");
        SortedMap<String, Double> o = point("amii-o25us", "f182a996ffc93244");
        SortedMap<String, Double> l = point("amii-L25us", "6e28855e91668c26");
        for (int a = 0; a < APPS.length; a++) {
            String k = "motif.apps." + a + ".";
            double busiest = 0;
            for (int h = 0; h < 8; h++) {
                busiest = Math.max(busiest, o.get(k + "rank." + h + ".sent_n") + o.get(k + "rank." + h + ".received_n"));
            }
            assertTrue(o.get(k + "time_us") > amii.get(k + "time_us"), APPS[a] + ": o slows it");
            assertTrue(o.get(k + "time_us") >= 25 * busiest, APPS[a] + ": o is paid on every send and receive");
            assertTrue(l.get(k + "time_us") > amii.get(k + "time_us"), APPS[a] + ": L slows it");
        }
        assertTrue(l.get("motif.apps.0.time_us") >= amii.get("motif.apps.0.time_us") + 75, "L: 3 rounds of 25 us");
    }

    /**
     * The command line's sweep over the same points writes a slowdown plot per knob moved, whose CSV holds each
     * application's run time at each point over its run time at the unmodified point, the run times those of the
     * direct runs above (same configuration, same seed).
     */
    @Test
    void theSweepPlotsEachApplicationsSlowdownPerKnob() throws IOException {
        SortedMap<String, Double> amii = run(small("amii")).metrics;
        SortedMap<String, Double> o = run(small("amii-o25us")).metrics;
        List<String> args = new ArrayList<>(List.of("run", "sensitivity", "--out", tmp.resolve("s").toString()));
        for (String s : SMALL) {
            args.addAll(List.of("--set", s));
        }
        args.addAll(List.of("--set", "nowemu.sweep.values=[amii, amii-o25us, amii-L25us]"));
        CommandLineTest.Outcome out = nowemu(args.toArray(String[]::new));
        assertEquals(0, out.code(), out.err());
        List<String> csv = Files.readAllLines(tmp.resolve("s/sweep-slowdown-o.csv"));
        assertEquals("added-overhead (us),is,ft", csv.get(0));
        String[] zero = csv.get(1).split(",");
        String[] at = csv.get(2).split(",");
        assertEquals(0, Double.parseDouble(zero[0]));
        assertEquals(25, Double.parseDouble(at[0]));
        for (int a = 0; a < APPS.length; a++) {
            int col = a + 1;
            String k = "motif.apps." + a + ".time_us";
            assertEquals(1.0, Double.parseDouble(zero[col]), 1e-9);
            assertEquals(o.get(k) / amii.get(k), Double.parseDouble(at[col]), 1e-4, APPS[a]);
        }
        assertTrue(Files.exists(tmp.resolve("s/sweep-slowdown-L.png")));
        assertFalse(Files.exists(tmp.resolve("s/sweep-slowdown-g.png")), "no point moves g");
    }

    /** A slowdown needs an unmodified point to divide by: without one, one line and exit 2 before anything runs. */
    @Test
    void aSlowdownWithoutAnUnmodifiedPointIsBadInput() {
        CommandLineTest.Outcome out = nowemu("run", "sensitivity", "--out", tmp.resolve("b").toString(), "--set",
                "nowemu.sweep.values=[amii-o25us, amii-L25us]");
        assertEquals(2, out.code(), out.err());
        assertEquals(1, out.err().lines().count(), out.err());
        assertTrue(out.err().startsWith("nowemu: nowemu.sweep.slowdown: needs a point whose stack has every knob at 0"),
                out.err());
        assertFalse(Files.exists(tmp.resolve("b")));
    }

    /** Runs the point {@code stack} on both engines; their digests must agree, and equal {@code pinned}. */
    private static SortedMap<String, Double> point(String stack, String pinned) {
        List<String> sets = small(stack);
        Run actors = run(sets);
        sets.add("nowemu.runtime.engine=sequential");
        Run seq = run(sets);
        assertEquals(actors.r.digest(), seq.r.digest(), stack + ": both engines");
        assertEquals(actors.r.events(), seq.r.events(), stack);
        assertEquals(actors.r.counters(), seq.r.counters(), stack);
        assertTrue(seq.r.kept(), stack + ": every message accounted for");
        assertEquals(8.0, seq.metrics.get("motif.apps.done_ranks"), stack + ": every rank finished");
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
