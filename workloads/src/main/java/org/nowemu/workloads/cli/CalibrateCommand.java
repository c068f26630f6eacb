package org.nowemu.workloads.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.LinkOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.results.OutputTargets;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Published;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./nowemu calibrate [--readme README.md]}: runs what produces the published figures (the LogP and bandwidth
 * experiments for AM-II and GAM on the NOW, and the comparison with FM 2.x alone on ppro for FM 2.x's latency and
 * peak bandwidth, and with BIP alone, with messages up to 1 MB, for BIP's), sets their results beside the published figures ({@link Published}) and prints the table; with
 * {@code --readme} it rewrites the table between the README's markers, so the README shows what the code produces,
 * not what was typed. The README and every experiment's configuration are checked before anything runs.
 */
@Command(name = "calibrate",
        description = "Run logp, bandwidth and compare (FM 2.x, BIP) and compare them with the published figures.")
public final class CalibrateCommand implements Callable<Integer> {
    static final String BEGIN = "<!-- published-vs-emulated:begin (written by ./nowemu calibrate --readme README.md) -->";
    static final String END = "<!-- published-vs-emulated:end -->";

    /** An experiment calibrate runs, with the settings that make it produce only the published figures' metrics. */
    private record Run(String experiment, List<String> sets) {
    }

    /**
     * FM 2.x on compare's chain as it was calibrated, 8 switches of 2 hosts: FM gives each sender R / (hosts - 1) of
     * a receiver's slots as credits, so its bandwidth depends on the cluster's size, and compare's default topology
     * grows with its default stacks.
     */
    private static final List<Run> EXPERIMENTS = List.of(new Run("logp", List.of()), new Run("bandwidth", List.of()),
            new Run("compare", List.of("nowemu.compare.stacks=[fm2]", "nowemu.topology.chain.switches=8")),
            new Run("compare", List.of("nowemu.compare.stacks=[bip]",
                    "nowemu.compare.sizes=[4, 1024, 4096, 16384, 65536, 262144, 1048576]")));

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--readme", description = "Rewrite the table between the markers of this file.")
    Path readme;

    @Option(names = "--set", description = "key=value for every experiment (repeatable).")
    List<String> sets = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String text = readme == null ? null : checkReadme(readme);
        List<ExperimentConfig> configs = new ArrayList<>();
        for (Run e : EXPERIMENTS) {
            ExperimentConfig ec = load(e, sets, Main.home());
            Study.check(ec);
            configs.add(ec);
        }
        String table = Published.markdown(compare(configs));
        out.print(table);
        out.flush();
        if (readme != null) {
            int b = text.indexOf(BEGIN);
            int e = text.indexOf(END);
            Outputs.writeFile(readme, "--readme", MARKED, text.substring(0, b + BEGIN.length()) + "\n" + table
                    + text.substring(e), out);
            out.println("wrote the table into " + readme);
        }
        return 0;
    }

    /** A README nowemu may rewrite: one holding both markers in order (the table between them is nowemu's). */
    static final OutputTargets.Owner MARKED = new OutputTargets.Owner("no table markers (" + BEGIN + " ... " + END
            + ")", CalibrateCommand::marked);

    /** The README's text, once it is known to be a writable regular file with both markers in order. */
    private static String checkReadme(Path readme) {
        if (!Files.exists(readme, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException("--readme " + readme + ": no such file");
        }
        OutputTargets.file(readme, "--readme", MARKED);
        try {
            return Files.readString(readme);
        } catch (IOException e) {
            throw new BadInputException("--readme " + readme + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static boolean marked(Path file) {
        try {
            String text = Files.readString(file);
            int b = text.indexOf(BEGIN);
            return b >= 0 && text.indexOf(END) > b;
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs the experiments with {@code sets} and pairs every published figure with its emulated value. */
    public static List<Published.Row> compare(List<String> sets, Path home) {
        List<ExperimentConfig> configs = new ArrayList<>();
        for (Run e : EXPERIMENTS) {
            configs.add(load(e, sets, home));
        }
        return compare(configs);
    }

    /** Experiment {@code e} with its own settings, then the command's {@code sets}, which win. */
    private static ExperimentConfig load(Run e, List<String> sets, Path home) {
        List<String> all = new ArrayList<>(e.sets());
        all.addAll(sets);
        return ExperimentConfig.load(e.experiment(), all, home);
    }

    /** Each experiment's metrics beside the figures published for the profile it ran on, in metric order. */
    private static List<Published.Row> compare(List<ExperimentConfig> configs) {
        List<Published.Row> rows = new ArrayList<>();
        for (ExperimentConfig ec : configs) {
            Workload w = Study.check(ec);
            Plan plan = w.plan(ec.config());
            RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(ec.config()), plan.horizonPs(), ec.config(),
                    new RunProgress());
            rows.addAll(Published.compare(w.metrics(plan, r), ec.config().getString("nowemu.hardware.profile")));
        }
        rows.sort(java.util.Comparator.comparing(Published.Row::metric));
        return rows;
    }
}
