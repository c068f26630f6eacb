package org.nowemu.workloads.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.workloads.results.Outputs;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code nowemu run [EXPERIMENT] [--set k=v]... [--out DIR] [--trace] [--json FILE] [--jvms N]}: an experiment, a
 * sweep or a suite. Everything it will run and write is resolved and checked first ({@link Study},
 * {@link Outputs#plan}); then {@link Runner} runs it and puts every file in place at once.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment, a sweep or a suite (default: nowemu.experiment of application.conf) and write its results.")
final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "EXPERIMENT",
            description = "An experiment name (see `nowemu list`), the path of a .conf file, or an earlier run's results.json.")
    String experiment;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a configuration key (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Output folder (default: out/<experiment>/); replaced whole by the run.")
    Path out;

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the results to FILE (a sweep's or a suite's: every point's).")
    Path json;

    @Option(names = "--trace", description = "Write trace.json (Chrome/Perfetto trace-event format).")
    boolean trace;

    @Option(names = "--jvms", paramLabel = "N", defaultValue = "1",
            description = "JVMs to run on: this one and N-1 local members of a Pekko Cluster on 127.0.0.1 (default 1).")
    int jvms;

    // Split here, not by picocli, which would drop empty entries: `--seed-nodes ,` must not become a local run.
    @Option(names = "--seed-nodes", paramLabel = "HOST:PORT[,HOST:PORT...]",
            description = "Run on the cluster of `nowemu node`s these seed nodes belong to.")
    List<String> seedOptions = new ArrayList<>();

    @Override
    public Integer call() {
        if (jvms < 1 || jvms > 64) {
            throw new BadInputException("--jvms " + jvms + ": expected 1 to 64");
        }
        List<String> seeds = org.nowemu.actors.cluster.ClusterSettings.seedNodes(seedOptions);
        if (jvms > 1 && !seeds.isEmpty()) {
            throw new BadInputException("--jvms and --seed-nodes exclude each other: --jvms starts its own cluster");
        }
        List<String> all = new ArrayList<>(sets);
        if (trace) {
            all.add("nowemu.runtime.trace.enabled=true");
        }
        Study study = Study.prepare(experiment, all, Main.home());
        if (jvms > 1 || !seeds.isEmpty()) {
            for (Study.Point p : study.points()) {
                if (org.nowemu.actors.runtime.RuntimeSettings.from(p.ec().config()).engine()
                        == org.nowemu.actors.runtime.RuntimeSettings.Engine.SEQUENTIAL) {
                    throw new BadInputException("nowemu.runtime.engine = sequential runs on this JVM alone: it takes no "
                            + (jvms > 1 ? "--jvms" : "--seed-nodes") + " (a run over several JVMs runs on actors)");
                }
            }
        }
        Outputs outputs = Outputs.plan(out != null ? out : Path.of("out", study.name()), json, Main.home());
        return new Runner(study, outputs, jvms, seeds, spec.commandLine().getOut(), spec.commandLine().getErr()).run();
    }
}
