package org.nowemu.workloads.bench;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * The real model in {@code nowemu bench}: each model of {@code nowemu.bench.models} (an experiment with overrides
 * that size it) runs in pairs, once on the sequential engine and once on the actor runtime with the bench's
 * {@code nowemu.runtime.threads} (0: the lanes the planner chooses), after a sequential warm-up run that lets the
 * JIT compile the model's code. A pair's two runs follow each other, the engine going first alternating from pair to
 * pair, so that a machine whose speed drifts over minutes favours neither; the pair with the median ratio stands for
 * the model. Every run must reach the same digest.
 */
final class ModelBench {

    /** One model of the bench, as configured: its name, experiment and overrides. */
    record Model(String name, String experiment, List<String> sets) {
    }

    /**
     * The two measured runs of one model, with the CPU time the whole process spent in each (all threads: the
     * host programs' threads, GC and JIT too), a figure less sensitive than wall time to a machine shared with
     * other work.
     */
    record Figures(String name, RunResult sequential, RunResult runtime, double sequentialCpuSeconds,
                   double runtimeCpuSeconds) {
        boolean digestsMatch() {
            return sequential.digest().equals(runtime.digest());
        }

        double ratio() {
            return runtime.eventsPerSecond() / sequential.eventsPerSecond();
        }
    }

    /** The measured pairs of one model, in the order run, and the one with the median ratio. */
    record Pairs(List<Figures> runs) {
        Figures median() {
            List<Figures> byRatio = new ArrayList<>(runs);
            byRatio.sort(java.util.Comparator.comparingDouble(Figures::ratio));
            return byRatio.get(byRatio.size() / 2);
        }

        /** Every run of every pair reached the first run's digest. */
        boolean digestsMatch() {
            String d = runs.get(0).sequential().digest();
            return runs.stream().allMatch(f -> f.digestsMatch() && f.sequential().digest().equals(d));
        }

        List<Double> ratios() {
            return runs.stream().map(Figures::ratio).toList();
        }
    }

    private ModelBench() {
    }

    /** The models of {@code nowemu.bench.models}, each checked (its experiment loads and plans) before any runs. */
    static List<Model> models(Config config, Path home) {
        ConfigReader r = new ConfigReader(config);
        List<? extends Config> list;
        try {
            list = config.getConfigList("nowemu.bench.models");
        } catch (com.typesafe.config.ConfigException e) {
            throw ConfigReader.from(e);
        }
        List<Model> models = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            Config m = list.get(i);
            String where = "nowemu.bench.models[" + i + "]";
            try {
                Model model = new Model(m.getString("name"), m.getString("experiment"), m.getStringList("set"));
                plan(model, home, RuntimeSettings.Engine.SEQUENTIAL, 1);
                models.add(model);
            } catch (com.typesafe.config.ConfigException e) {
                throw r.bad("nowemu.bench.models", where + ": " + e.getMessage().replaceAll("\\s*\\n\\s*", " "));
            } catch (BadInputException e) {
                throw new BadInputException(where + ": " + e.getMessage());
            }
        }
        return models;
    }

    /**
     * Runs {@code m}: a warm-up on the sequential engine, then {@code pairs} measured pairs, each run with the bench's
     * own runtime overrides ({@code runtimeSets}, {@code nowemu.runtime.*} of its {@code --set}) after the model's.
     */
    static Pairs measure(Model m, Path home, int threads, boolean warmup, int pairs, List<String> runtimeSets) {
        Model model = new Model(m.name(), m.experiment(),
                java.util.stream.Stream.concat(m.sets().stream(), runtimeSets.stream()).toList());
        if (warmup) {
            run(model, home, RuntimeSettings.Engine.SEQUENTIAL, threads);
        }
        List<Figures> runs = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            boolean sequentialFirst = i % 2 == 0;
            Timed first = timed(model, home, sequentialFirst ? RuntimeSettings.Engine.SEQUENTIAL
                    : RuntimeSettings.Engine.ACTORS, threads);
            Timed second = timed(model, home, sequentialFirst ? RuntimeSettings.Engine.ACTORS
                    : RuntimeSettings.Engine.SEQUENTIAL, threads);
            Timed seq = sequentialFirst ? first : second;
            Timed actors = sequentialFirst ? second : first;
            runs.add(new Figures(m.name(), seq.result(), actors.result(), seq.cpuSeconds(), actors.cpuSeconds()));
        }
        return new Pairs(runs);
    }

    /** The {@code nowemu.runtime.*} overrides among {@code sets} ({@code key=value} each), in order. */
    static List<String> runtimeSets(List<String> sets) {
        return sets.stream().filter(s -> s.trim().startsWith("nowemu.runtime.")).toList();
    }

    /** One run and the CPU time the whole process spent in it. */
    private record Timed(RunResult result, double cpuSeconds) {
    }

    private static Timed timed(Model m, Path home, RuntimeSettings.Engine engine, int threads) {
        // The run before left its whole model behind as garbage. Collected during the next run, it slowed whichever
        // engine ran first in a pair by about a tenth on contention, 6 pairs of 6 in two benches (BENCHMARKS.md,
        // 2026-11-28 evening): collect it before the clock starts, for both engines.
        System.gc();
        double cpu0 = processCpuSeconds();
        RunResult r = run(m, home, engine, threads);
        double cpu = processCpuSeconds() - cpu0;
        // Only the figures stay: every run's component reports kept until the bench's end grew the heap by about
        // 8 MB a run on the fat tree (9, 17, 25 ... 63 MB after each collection).
        return new Timed(r.withoutComponents(), cpu);
    }

    /** CPU seconds this JVM has used so far (every thread), or NaN where the platform does not say. */
    private static double processCpuSeconds() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            long ns = os.getProcessCpuTime();
            return ns < 0 ? Double.NaN : ns / 1e9;
        }
        return Double.NaN;
    }

    private record Planned(Plan plan, Config config) {
    }

    private static Planned plan(Model m, Path home, RuntimeSettings.Engine engine, int threads) {
        List<String> sets = new ArrayList<>(m.sets());
        sets.add("nowemu.runtime.engine=" + engine.name().toLowerCase(java.util.Locale.ROOT));
        sets.add("nowemu.runtime.threads=" + threads);
        Config config = ExperimentConfig.load(m.experiment(), sets, home).config();
        return new Planned(Workloads.from(new ConfigReader(config)).plan(config), config);
    }

    private static RunResult run(Model m, Path home, RuntimeSettings.Engine engine, int threads) {
        Planned p = plan(m, home, engine, threads);
        return Emulation.run(p.plan().model(), RuntimeSettings.from(p.config()), p.plan().horizonPs(), p.config(),
                new RunProgress());
    }
}
