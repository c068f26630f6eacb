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
 * that size it) runs once on the sequential engine and once on the actor runtime with the bench's
 * {@code nowemu.runtime.threads} (0: the lanes the planner chooses), after a sequential warm-up run that lets the
 * JIT compile the model's code. Both runs must reach the same digest.
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

    /** Runs {@code m}: a warm-up on the sequential engine, then the two measured runs. */
    static Figures measure(Model m, Path home, int threads, boolean warmup) {
        if (warmup) {
            run(m, home, RuntimeSettings.Engine.SEQUENTIAL, threads);
        }
        double cpu0 = processCpuSeconds();
        RunResult seq = run(m, home, RuntimeSettings.Engine.SEQUENTIAL, threads);
        double cpu1 = processCpuSeconds();
        RunResult actors = run(m, home, RuntimeSettings.Engine.ACTORS, threads);
        double cpu2 = processCpuSeconds();
        return new Figures(m.name(), seq, actors, cpu1 - cpu0, cpu2 - cpu1);
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
