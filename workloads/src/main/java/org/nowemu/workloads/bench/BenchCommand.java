package org.nowemu.workloads.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.typesafe.config.Config;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.results.OutputTargets;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Version;
import org.nowemu.workloads.phold.PholdModel;
import org.nowemu.workloads.phold.PholdSettings;
import org.nowemu.workloads.phold.PlainPhold;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nowemu bench}: PHOLD on the actor runtime at a large and a small lookahead, next to a bare
 * single-threaded loop running the same PHOLD in the same JVM; then the real model ({@link ModelBench}: logp,
 * permutations, contention, a 1,024-host fat tree) on the sequential engine and on the actor runtime. Every pair
 * of runs must reach the same digest; a mismatch fails the benchmark with exit 1.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark the runtime on PHOLD against a bare single-threaded loop (events per second).")
public final class BenchCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the figures as JSON to FILE.")
    Path json;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a configuration key (repeatable).")
    List<String> sets = new ArrayList<>();

    /** One measured pair: the runtime and the loop on the same model. */
    private record Pair(RunResult runtime, double plainSeconds, PlainPhold.Outcome plain) {
        double plainRate() {
            return plain.events() / plainSeconds;
        }
    }

    @Override
    public Integer call() throws IOException {
        Config config = ExperimentConfig.base(sets, org.nowemu.workloads.cli.Main.home());
        BenchSettings b = BenchSettings.from(config);
        if (json != null) {
            OutputTargets.file(json, "--json", OutputTargets.JSON);
        }
        // With --json -, standard output carries the JSON alone and the terminal text goes to standard error.
        PrintWriter out = OutputTargets.isStdout(json) ? spec.commandLine().getErr() : spec.commandLine().getOut();
        RuntimeSettings rs = RuntimeSettings.from(config);
        List<ModelBench.Model> models = ModelBench.models(config, org.nowemu.workloads.cli.Main.home());
        int cores = Runtime.getRuntime().availableProcessors();
        double barrierNs = barrierNanos(Math.max(2, rs.threads() == 0 ? cores : rs.threads()), rs);
        out.printf(Locale.ROOT, "barrier between %d lanes: %.0f ns (median of %d trials of %,d meetings)%n",
                Math.max(2, rs.threads() == 0 ? cores : rs.threads()), barrierNs, BARRIER_TRIALS, BARRIER_ROUNDS);
        PholdSettings large = b.phold();
        PholdSettings small = large.withLookahead(b.smallLookaheadPs());
        out.printf(Locale.ROOT, "PHOLD: %d components, %d events each, %.0f%% remote; %s%n",
                large.components(), large.eventsPerComponent(), large.remote() * 100, lanes(rs.threads()));
        out.flush();
        if (b.warmupEvents() > 0) {
            measure(large.withDuration(large.durationFor(b.warmupEvents())), rs, config);
            measure(small.withDuration(small.durationFor(b.warmupEvents())), rs, config);
        }
        Pair l = median(large.withDuration(large.durationFor(b.events())), rs, config, b.repeats(), out);
        Pair s = median(small.withDuration(small.durationFor(b.events())), rs, config, b.repeats(), out);
        boolean same = l.runtime.digest().equals(l.plain.digest()) && s.runtime.digest().equals(s.plain.digest());

        double ratio = l.runtime.eventsPerSecond() / l.plainRate();
        out.printf(Locale.ROOT, "%-26s %14s %14s %8s %10s %6s%n", "lookahead", "runtime ev/s", "plain loop ev/s",
                "ratio", "windows", "lanes");
        row(out, "1 (" + fmt(large.lookaheadPs()) + ")", l);
        row(out, "0.1 (" + fmt(small.lookaheadPs()) + ")", s);
        out.println(same ? "digests: runtime = plain loop (" + l.runtime.digest() + ", " + s.runtime.digest() + ")"
                : "digests DIFFER: runtime " + l.runtime.digest() + "/" + s.runtime.digest() + ", plain loop "
                + l.plain.digest() + "/" + s.plain.digest());
        List<ModelBench.Pairs> measured = models(models, rs.threads(), b.modelWarmup(), b.modelRepeats(),
                ModelBench.runtimeSets(sets), out);
        boolean modelsSame = measured.stream().allMatch(ModelBench.Pairs::digestsMatch);
        if (json != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("version", Version.current());
            m.put("runtimeEventsPerSecond", l.runtime.eventsPerSecond());
            m.put("plainLoopEventsPerSecond", l.plainRate());
            m.put("ratio", ratio);
            m.put("smallWindowEventsPerSecond", s.runtime.eventsPerSecond());
            m.put("smallWindowPlainLoopEventsPerSecond", s.plainRate());
            m.put("events", l.runtime.events());
            m.put("smallWindowEvents", s.runtime.events());
            m.put("lanes", l.runtime.runtime().lanes());
            m.put("smallWindowLanes", s.runtime.runtime().lanes());
            m.put("windows", l.runtime.windows());
            m.put("smallWindowWindows", s.runtime.windows());
            m.put("lambda", l.runtime.runtime().lambda());
            m.put("smallWindowLambda", s.runtime.runtime().lambda());
            m.put("barrierNanos", barrierNs);
            m.put("threads", rs.threads());
            m.put("digestsMatch", same);
            Map<String, Object> ms = new LinkedHashMap<>();
            for (ModelBench.Pairs pairs : measured) {
                ModelBench.Figures f = pairs.median();
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("sequentialEventsPerSecond", f.sequential().eventsPerSecond());
                e.put("runtimeEventsPerSecond", f.runtime().eventsPerSecond());
                e.put("ratio", f.ratio());
                e.put("pairRatios", pairs.ratios());
                e.put("digestsMatch", pairs.digestsMatch());
                e.put("events", f.sequential().events());
                e.put("virtualTimePs", f.sequential().finalTimePs());
                e.put("sequentialWallSeconds", f.sequential().wallSeconds());
                e.put("runtimeWallSeconds", f.runtime().wallSeconds());
                e.put("sequentialCpuSeconds", f.sequentialCpuSeconds());
                e.put("runtimeCpuSeconds", f.runtimeCpuSeconds());
                e.put("sequentialThreadCpuSeconds", f.sequential().runtime().cpuSeconds());
                e.put("runtimeThreadCpuSeconds", f.runtime().runtime().cpuSeconds());
                e.put("runtimeWindows", f.runtime().windows());
                e.put("runtimeLanes", f.runtime().runtime().lanes());
                e.put("lambda", f.runtime().runtime().lambda());
                e.put("expectedSpeedup", f.runtime().runtime().expectedSpeedup());
                e.put("runtimeChoice", f.runtime().runtime().choice());
                e.put("barrierCrossings", f.runtime().runtime().barrierCrossings());
                e.put("eventsPerWindowPerLane", f.runtime().runtime().eventsPerWindowPerLane());
                e.put("digest", f.runtime().digest());
                ms.put(f.name(), e);
            }
            m.put("runtimeThreads", rs.threads());
            m.put("models", ms);
            Outputs.writeFile(json, "--json", OutputTargets.JSON, new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m) + System.lineSeparator(),
                    spec.commandLine().getOut());
        }
        if (!same) {
            spec.commandLine().getErr().println("nowemu: bench failed: the runtime and the plain loop disagree");
            return 1;
        }
        if (!modelsSame) {
            spec.commandLine().getErr().println("nowemu: bench failed: the sequential engine and the actor runtime"
                    + " disagree on " + measured.stream().filter(p -> !p.digestsMatch()).map(p -> p.median().name())
                    .toList());
            return 1;
        }
        return 0;
    }

    /**
     * The real models, each in {@code pairs} pairs of runs on the sequential engine and on the actor runtime with the
     * {@code threads} setting; a row per model gives its median pair.
     */
    private static List<ModelBench.Pairs> models(List<ModelBench.Model> models, int threads, boolean warmup,
                                                 int pairs, List<String> runtimeSets, PrintWriter out) {
        List<ModelBench.Pairs> figures = new ArrayList<>();
        if (models.isEmpty()) {
            return figures;
        }
        out.printf(Locale.ROOT, "%nthe real model: the sequential engine and the actor runtime (%s), the median of %d"
                + " pair%s%n", lanes(threads), pairs, pairs == 1 ? "" : "s");
        out.printf(Locale.ROOT, "%-14s %10s %14s %14s %8s %10s %6s %8s %8s%n", "model", "events", "sequential ev/s",
                "runtime ev/s", "ratio", "windows", "lanes", "lambda", "digests");
        out.flush();
        for (ModelBench.Model m : models) {
            ModelBench.Pairs p = ModelBench.measure(m, org.nowemu.workloads.cli.Main.home(), threads, warmup, pairs,
                    runtimeSets);
            ModelBench.Figures f = p.median();
            out.printf(Locale.ROOT, "%-14s %10d %14.0f %14.0f %8.2f %10d %6d %8s %8s%n", f.name(),
                    f.sequential().events(), f.sequential().eventsPerSecond(), f.runtime().eventsPerSecond(), f.ratio(),
                    f.runtime().windows(), f.runtime().runtime().lanes(), fmtLambda(f.runtime().runtime().lambda()),
                    p.digestsMatch() ? "same" : "DIFFER");
            if (pairs > 1) {
                out.printf(Locale.ROOT, "%-14s ratios of the pairs, in the order run: %s%n", "",
                        p.ratios().stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).toList());
            }
            out.flush();
            figures.add(p);
        }
        return figures;
    }

    /** Runs {@code repeats} times and keeps the run with the median runtime speed (the loop's speed of that run). */
    private static Pair median(PholdSettings s, RuntimeSettings rs, Config config, int repeats, PrintWriter out) {
        List<Pair> runs = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            Pair p = measure(s, rs, config);
            out.printf(Locale.ROOT, "  lookahead %s run %d: runtime %.0f ev/s, plain loop %.0f ev/s%n",
                    fmt(s.lookaheadPs()), i + 1, p.runtime.eventsPerSecond(), p.plainRate());
            out.flush();
            runs.add(p);
        }
        runs.sort(java.util.Comparator.comparingDouble(p -> p.runtime.eventsPerSecond()));
        return runs.get(runs.size() / 2);
    }

    private static Pair measure(PholdSettings s, RuntimeSettings rs, Config config) {
        long t0 = System.nanoTime();
        PlainPhold.Outcome plain = new PlainPhold().run(s, rs.seed());
        double plainSeconds = (System.nanoTime() - t0) / 1e9;
        RunResult r = Emulation.run(PholdModel.build(s), rs, s.durationPs(), config, new RunProgress());
        return new Pair(r, plainSeconds, plain);
    }

    private static void row(PrintWriter out, String name, Pair p) {
        out.printf(Locale.ROOT, "%-26s %14.0f %14.0f %8.2f %10d %6d%n", name, p.runtime.eventsPerSecond(),
                p.plainRate(), p.runtime.eventsPerSecond() / p.plainRate(), p.runtime.windows(),
                p.runtime.runtime().lanes());
        out.flush();
    }

    /** Meetings per trial and trials of the barrier's measurement. */
    private static final int BARRIER_ROUNDS = 20_000;
    private static final int BARRIER_TRIALS = 5;

    /** What one barrier between {@code lanes} lanes costs here (ns): the planner's {@code barrier-cost}. */
    private static double barrierNanos(int lanes, RuntimeSettings rs) {
        try {
            return org.nowemu.actors.runtime.BarrierCost.nanos(lanes, BARRIER_ROUNDS, BARRIER_TRIALS,
                    rs.idleCpuLevel() * 2_000L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        }
    }

    private static String lanes(int threads) {
        return threads == 0 ? "lanes chosen by the planner" : threads + " lanes (nowemu.runtime.threads)";
    }

    private static String fmtLambda(Double lambda) {
        return lambda == null ? "-" : String.format(Locale.ROOT, "%.1f", lambda);
    }

    private static String fmt(long ps) {
        return org.nowemu.actors.time.VirtualTime.format(ps);
    }
}
