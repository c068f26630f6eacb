package org.nowemu.workloads.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.trace.TraceWriter;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Plots;
import org.nowemu.workloads.results.Report;
import org.nowemu.workloads.results.Results;
import org.nowemu.workloads.results.ResultsTable;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * Runs a prepared {@link Study}: each point in turn (on this JVM or over a cluster), its files written into the
 * staging folder of {@link Outputs}; then the sweeps' and the suite's summaries; then everything is put in place at
 * once. A point whose ledger breaks still writes its results (its report says so at the top) and the study goes
 * on; the exit code is then 1. A point that fails outright (a component failed, a member was lost) stops the study
 * and nothing is written.
 */
final class Runner {
    private final Study study;
    private final Outputs outputs;
    private final int jvms;
    private final List<String> seeds;
    /** Where the terminal text goes: standard output, or standard error when the JSON goes to standard output. */
    private final PrintWriter stdout;
    private final PrintWriter stderr;
    private final PrintWriter json;
    /** Lines of {@code Workload.failures} printed so far: each makes the exit code 1. */
    private int measurementsFailed;

    Runner(Study study, Outputs outputs, int jvms, List<String> seeds, PrintWriter stdout, PrintWriter stderr) {
        this.study = study;
        this.outputs = outputs;
        this.jvms = jvms;
        this.seeds = seeds;
        this.stdout = outputs.jsonToStdout() ? stderr : stdout;
        this.stderr = stderr;
        this.json = stdout;
    }

    int run() {
        int code = Main.OK;
        List<Results> results = new ArrayList<>();
        try (outputs) {
            outputs.open();
            for (int i = 0; i < study.points().size(); i++) {
                Study.Point p = study.points().get(i);
                if (!study.single()) {
                    stdout.println("== " + p.label() + " (run " + (i + 1) + " of " + study.points().size() + ")");
                    stdout.flush();
                }
                int failedBefore = measurementsFailed;
                Results r = runPoint(p);
                results.add(r);
                if (measurementsFailed > failedBefore) {
                    code = Main.FAILED;
                }
                String broken = r.invariants().broken();
                if (broken != null) {
                    stderr.println("nowemu: run failed: " + (study.single() ? "" : p.label() + ": ") + "ledger broken: "
                            + broken);
                    code = Main.FAILED;
                }
            }
            for (Study.SweepGroup g : study.sweeps()) {
                SweepSummary.write(g, results, outputs, stdout);
            }
            if (!study.suite().isEmpty()) {
                outputs.writeString("index.html", SuiteIndex.html(study, results));
            }
            outputs.commit(Summaries.json(study, results), json);
        }
        stdout.println("wrote " + outputs.dir());
        return code;
    }

    private Results runPoint(Study.Point p) {
        var ec = p.ec();
        RuntimeSettings rs = RuntimeSettings.from(ec.config());
        Plan plan = p.workload().plan(ec.config());
        RunProgress progress = new RunProgress();
        // The planner's choice of lanes and its coupling factor, in one line as soon as it is made.
        progress.onNote(line -> {
            stderr.println("nowemu: runtime: " + line);
            stderr.flush();
        });
        RunResult r;
        try (ProgressDisplay display = ProgressDisplay.start(p.label(), plan.trafficPs(), progress)) {
            r = jvms == 1 && seeds.isEmpty()
                    ? Emulation.run(plan.model(), rs, plan.horizonPs(), ec.config(), progress)
                    : ClusterLauncher.run(ec.config(), plan, progress, jvms, seeds, stderr);
        }
        Results results = Results.of(ec.name(), rs.seed(), r, p.workload().metrics(plan, r), ec.config());
        SortedMap<String, String> files = new TreeMap<>(p.workload().files(plan, r));
        List<Series> series = p.workload().series(plan, r);
        List<Table> tables = p.workload().tables(plan, r);
        String dir = p.dir().isEmpty() ? "" : p.dir() + "/";
        outputs.writeString(dir + "results.json", results.toJson() + System.lineSeparator());
        for (Series s : series) {
            files.put(s.name() + ".csv", s.csv());
        }
        for (Table t : tables) {
            files.put(t.name() + ".csv", t.csv());
        }
        files.put("report.html", Report.html(results, parameters(p), series, tables));
        for (var f : files.entrySet()) {
            outputs.writeString(dir + f.getKey(), f.getValue());
        }
        for (Series s : series) {
            outputs.write(dir + s.name() + ".png", Plots.png(s));
        }
        if (rs.tracing()) {
            try {
                TraceWriter.write(outputs.file(dir + "trace.json"), r.components());
            } catch (IOException e) {
                throw new BadInputException("cannot write " + outputs.dir().resolve(dir + "trace.json") + ": " + e.getMessage());
            }
        }
        PrintStream table = new PrintStream(new WriterStream(stdout), true);
        ResultsTable.print(table, results, ec.source());
        tables.forEach(t -> table.print(t.text()));
        TreeSet<String> written = new TreeSet<>(files.keySet());
        written.add("results.json");
        series.forEach(s -> written.add(s.name() + ".png"));
        if (rs.tracing()) {
            written.add("trace.json");
        }
        stdout.println("  files: " + String.join(", ", written));
        stdout.flush();
        for (String failed : p.workload().failures(plan, r)) {
            stderr.println("nowemu: run failed: " + (study.single() ? "" : p.label() + ": ") + failed);
            measurementsFailed++;
        }
        return results;
    }

    private static String parameters(Study.Point p) {
        var c = p.ec().config();
        String key = "nowemu." + p.workload().name();
        String own = c.hasPath(key) ? c.getConfig(key).root().render(
                com.typesafe.config.ConfigRenderOptions.concise().setFormatted(true)) : "(none)";
        return "workload = " + p.workload().name() + "\ntopology = " + c.getString("nowemu.topology.name")
                + "\nprofile = " + c.getString("nowemu.hardware.profile") + "\n" + key + " = " + own;
    }
}
