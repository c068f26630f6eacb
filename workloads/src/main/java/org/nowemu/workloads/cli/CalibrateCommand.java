package org.nowemu.workloads.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Published;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./nowemu calibrate [--readme README.md]}: runs the LogP and bandwidth experiments, sets their results
 * beside the published figures ({@link Published}) and prints the table; with {@code --readme} it rewrites the
 * table between the README's markers, so the README shows what the code produces, not what was typed. The
 * README and both experiments' configurations are checked before anything runs.
 */
@Command(name = "calibrate", description = "Run logp and bandwidth and compare them with the published figures.")
public final class CalibrateCommand implements Callable<Integer> {
    static final String BEGIN = "<!-- published-vs-emulated:begin (written by ./nowemu calibrate --readme README.md) -->";
    static final String END = "<!-- published-vs-emulated:end -->";
    private static final List<String> EXPERIMENTS = List.of("logp", "bandwidth");

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--readme", description = "Rewrite the table between the markers of this file.")
    Path readme;

    @Option(names = "--set", description = "key=value for both experiments (repeatable).")
    List<String> sets = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String text = readme == null ? null : checkReadme(readme);
        List<ExperimentConfig> configs = new ArrayList<>();
        for (String e : EXPERIMENTS) {
            ExperimentConfig ec = ExperimentConfig.load(e, sets, Main.home());
            Study.check(ec);
            configs.add(ec);
        }
        String table = Published.markdown(compare(configs));
        out.print(table);
        out.flush();
        if (readme != null) {
            int b = text.indexOf(BEGIN);
            int e = text.indexOf(END);
            Outputs.writeFile(readme, text.substring(0, b + BEGIN.length()) + "\n" + table + text.substring(e));
            out.println("wrote the table into " + readme);
        }
        return 0;
    }

    /** The README's text, once it is known to be a writable file with both markers in order. */
    private static String checkReadme(Path readme) {
        if (!Files.isRegularFile(readme)) {
            throw new BadInputException("--readme " + readme + ": no such file");
        }
        String text;
        try (FileChannel probe = FileChannel.open(readme, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            text = Files.readString(readme);
        } catch (IOException | SecurityException e) {
            throw new BadInputException("--readme " + readme + ": cannot be rewritten (" + e.getClass().getSimpleName()
                    + ")");
        }
        Outputs.checkFile(readme, "--readme");
        int b = text.indexOf(BEGIN);
        int e = text.indexOf(END);
        if (b < 0 || e < b) {
            throw new BadInputException("--readme " + readme + ": no table markers (" + BEGIN + " ... " + END + ")");
        }
        return text;
    }

    /** Runs logp and bandwidth with {@code sets} and pairs every published figure with its emulated value. */
    public static List<Published.Row> compare(List<String> sets, Path home) {
        List<ExperimentConfig> configs = new ArrayList<>();
        for (String e : EXPERIMENTS) {
            configs.add(ExperimentConfig.load(e, sets, home));
        }
        return compare(configs);
    }

    private static List<Published.Row> compare(List<ExperimentConfig> configs) {
        SortedMap<String, Double> emulated = new TreeMap<>();
        for (ExperimentConfig ec : configs) {
            Workload w = Study.check(ec);
            Plan plan = w.plan(ec.config());
            RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(ec.config()), plan.horizonPs(), ec.config(),
                    new RunProgress());
            emulated.putAll(w.metrics(plan, r));
        }
        return Published.compare(emulated);
    }
}
