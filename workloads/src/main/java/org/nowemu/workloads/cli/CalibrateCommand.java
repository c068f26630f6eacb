package org.nowemu.workloads.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./nowemu calibrate [--readme README.md]}: runs the LogP and bandwidth experiments, sets their results
 * beside the published figures ({@code published.conf}) and prints the table; with {@code --readme} it rewrites
 * the table between the README's markers, so the README shows what the code produces, not what was typed.
 */
@Command(name = "calibrate", description = "Run logp and bandwidth and compare them with the published figures.")
public final class CalibrateCommand implements Callable<Integer> {
    static final String BEGIN = "<!-- published-vs-emulated:begin (written by ./nowemu calibrate --readme README.md) -->";
    static final String END = "<!-- published-vs-emulated:end -->";

    /** One figure: published, emulated, and the relative difference. */
    public record Row(String metric, double published, double emulated) {
        public double difference() {
            return (emulated - published) / published;
        }
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--readme", description = "Rewrite the table between the markers of this file.")
    Path readme;

    @Option(names = "--set", description = "key=value for both experiments (repeatable).")
    List<String> sets = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (readme != null && !Files.isRegularFile(readme)) {
            throw new BadInputException("--readme " + readme + ": no such file");
        }
        String table = table(compare(sets, Main.home()));
        out.print(table);
        out.flush();
        if (readme != null) {
            String text = Files.readString(readme);
            int b = text.indexOf(BEGIN);
            int e = text.indexOf(END);
            if (b < 0 || e < b) {
                throw new BadInputException("--readme " + readme + ": no table markers (" + BEGIN + " ... " + END + ")");
            }
            Files.writeString(readme, text.substring(0, b + BEGIN.length()) + "\n" + table + text.substring(e));
            out.println("wrote the table into " + readme);
        }
        return 0;
    }

    /** Runs logp and bandwidth with {@code sets} and pairs every published figure with its emulated value. */
    public static List<Row> compare(List<String> sets, Path home) {
        SortedMap<String, Double> emulated = new TreeMap<>();
        for (String experiment : List.of("logp", "bandwidth")) {
            emulated.putAll(run(experiment, sets, home));
        }
        Config published = ConfigFactory.parseResources("published.conf").getConfig("published");
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Object> e : new TreeMap<>(published.root().unwrapped()).entrySet()) {
            Double value = emulated.get(e.getKey());
            if (value != null) {
                rows.add(new Row(e.getKey(), ((Number) e.getValue()).doubleValue(), value));
            }
        }
        return rows;
    }

    private static SortedMap<String, Double> run(String experiment, List<String> sets, Path home) {
        ExperimentConfig ec = ExperimentConfig.load(experiment, sets, home);
        Workload w = Workloads.from(new ConfigReader(ec.config()));
        Plan plan = w.plan(ec.config());
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(ec.config()), plan.horizonPs(), ec.config(),
                new org.nowemu.actors.runtime.RunProgress());
        return w.metrics(plan, r);
    }

    static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder("| Figure | Published | Emulated | Difference |\n|---|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append(String.format("| `%s` | %.2f | %.2f | %+.1f%% |%n", r.metric(), r.published(), r.emulated(),
                    100 * r.difference()));
        }
        return sb.toString();
    }
}
