package org.nowemu.workloads.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.trace.TraceWriter;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Results;
import org.nowemu.workloads.results.ResultsTable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code nowemu run [EXPERIMENT] [--set k=v]... [--out DIR] [--trace] [--json FILE] [--jvms N]}. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment (default: nowemu.experiment of application.conf) and write its results.")
final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "EXPERIMENT",
            description = "An experiment name (see `nowemu list`) or the path of a .conf file.")
    String experiment;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a configuration key (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: out/<experiment>/).")
    Path out;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write results.json to FILE.")
    Path json;

    @Option(names = "--trace", description = "Write trace.json (Chrome/Perfetto trace-event format).")
    boolean trace;

    @Option(names = "--jvms", paramLabel = "N", defaultValue = "1",
            description = "JVMs to run on: this one and N-1 local members of a Pekko Cluster on 127.0.0.1 (default 1).")
    int jvms;

    @Option(names = "--seed-nodes", split = ",", paramLabel = "HOST:PORT",
            description = "Run on the cluster of `nowemu node`s these seed nodes belong to.")
    List<String> seeds = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (jvms < 1 || jvms > 64) {
            throw new BadInputException("--jvms " + jvms + ": expected 1 to 64");
        }
        if (jvms > 1 && !seeds.isEmpty()) {
            throw new BadInputException("--jvms and --seed-nodes exclude each other: --jvms starts its own cluster");
        }
        if ("suite".equals(experiment)) {
            // workloads/suite.conf is the published study: the same as `nowemu reproduce`.
            ReproduceCommand r = new ReproduceCommand();
            r.spec = spec;
            r.sets = sets;
            r.out = out;
            try {
                return r.call();
            } catch (IOException e) {
                throw new BadInputException("suite: " + e.getMessage());
            }
        }
        List<String> all = new ArrayList<>(sets);
        if (trace) {
            all.add("nowemu.runtime.trace.enabled=true");
        }
        ExperimentConfig ec = ExperimentConfig.load(experiment, all, Main.home());
        List<String> sweep = Sweep.values(ec.config());
        if (sweep != null) {
            Path dir = out != null ? out : Path.of("out", ec.name());
            return Sweep.run(experiment == null ? ec.name() : experiment, all, ec.config().getString("nowemu.sweep.key"),
                    sweep, dir, stdout, stderr);
        }
        RuntimeSettings rs = RuntimeSettings.from(ec.config());
        ConfigReader reader = new ConfigReader(ec.config());
        // Every run understands these keys (DESIGN.md section 4), so a wrong one is refused even where unused.
        HardwareProfile profile = HardwareProfile.read(reader);
        Topologies.named(reader);
        org.nowemu.protocol.stack.Stacks.selected(reader, profile.nic().maxPacketBytes());
        Workload workload = Workloads.from(reader);
        if (org.nowemu.workloads.faults.FaultSchedule.any(ec.config()) && !workload.takesFaults()) {
            throw new org.nowemu.actors.config.BadInputException("nowemu.faults: the " + workload.name()
                    + " workload takes no faults (contention and permutations do)");
        }
        if (org.nowemu.mapper.daemon.MapperSettings.withTraffic(reader) && !workload.takesFaults()) {
            throw new org.nowemu.actors.config.BadInputException("nowemu.mapper.with-traffic: the " + workload.name()
                    + " workload runs no mapper beside its traffic (contention and permutations do)");
        }
        Plan plan = workload.plan(ec.config());
        Path dir = out != null ? out : Path.of("out", ec.name());
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException("--out " + dir + ": not a folder");
        }
        Path resultsFile = dir.resolve("results.json");
        Path traceFile = dir.resolve("trace.json");
        Outputs.check(resultsFile);
        if (json != null) {
            Outputs.check(json);
        }

        RunProgress progress = new RunProgress();
        RunResult r;
        String point = ec.config().getString("nowemu.sweep.point");
        String task = point.isEmpty() ? ec.name() : ec.name() + " [" + point + "]";
        try (ProgressDisplay display = ProgressDisplay.start(task, plan.horizonPs(), progress)) {
            r = jvms == 1 && seeds.isEmpty()
                    ? Emulation.run(plan.model(), rs, plan.horizonPs(), ec.config(), progress)
                    : ClusterLauncher.run(ec.config(), plan, progress, jvms, seeds, stderr);
        }
        Results results = Results.of(ec.name(), rs.seed(), r, workload.metrics(plan, r));
        java.util.SortedMap<String, String> extra = new java.util.TreeMap<>(workload.files(plan, r));
        java.util.List<org.nowemu.workloads.results.Series> series = workload.series(plan, r);
        for (org.nowemu.workloads.results.Series s : series) {
            extra.put(s.name() + ".csv", s.csv());
        }
        String key = "nowemu." + workload.name();
        String parameters = ec.config().hasPath(key) ? ec.config().getConfig(key).root().render(
                com.typesafe.config.ConfigRenderOptions.concise().setFormatted(true)) : "(none)";
        parameters = "workload = " + workload.name() + "\ntopology = " + ec.config().getString("nowemu.topology.name")
                + "\nprofile = " + ec.config().getString("nowemu.hardware.profile") + "\n" + key + " = " + parameters;
        extra.put("report.html", org.nowemu.workloads.results.Report.html(results, parameters, series));
        try (Outputs outputs = new Outputs()) {
            String text = results.toJson() + System.lineSeparator();
            outputs.writeString(resultsFile, text);
            for (var f : extra.entrySet()) {
                outputs.writeString(dir.resolve(f.getKey()), f.getValue());
            }
            for (org.nowemu.workloads.results.Series s : series) {
                try {
                    Files.write(outputs.stage(dir.resolve(s.name() + ".png")), org.nowemu.workloads.results.Plots.png(s));
                } catch (IOException e) {
                    throw new BadInputException("cannot write " + dir.resolve(s.name() + ".png") + ": " + e.getMessage());
                }
            }
            if (json != null) {
                outputs.writeString(json, text);
            }
            if (rs.tracing()) {
                try {
                    TraceWriter.write(outputs.stage(traceFile), r.components());
                } catch (IOException e) {
                    throw new BadInputException("cannot write " + traceFile + ": " + e.getMessage());
                }
            }
            outputs.commit();
        }
        ResultsTable.print(new java.io.PrintStream(new WriterStream(stdout), true), results, ec.source());
        java.util.TreeSet<String> written = new java.util.TreeSet<>(extra.keySet());
        for (org.nowemu.workloads.results.Series s : series) {
            written.add(s.name() + ".png");
        }
        stdout.println("wrote " + resultsFile + (rs.tracing() ? " and trace.json" : "")
                + (written.isEmpty() ? "" : " and " + String.join(", ", written)));
        String broken = results.invariants().broken();
        if (broken != null) {
            stderr.println("nowemu: run failed: ledger broken: " + broken);
            return Main.FAILED;
        }
        return Main.OK;
    }

}
