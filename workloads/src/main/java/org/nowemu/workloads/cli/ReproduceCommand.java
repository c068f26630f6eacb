package org.nowemu.workloads.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.workloads.results.Outputs;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nowemu reproduce [--out DIR] [--json FILE] [--set k=v]...}: the published study in one go, the same as
 * {@code nowemu run suite}: each experiment of {@code workloads/suite.conf} (LogP, bandwidth, permutations,
 * contention, virtual networks) with its own configuration, each into its own folder under DIR, and
 * {@code DIR/index.html} linking their reports. {@code --set} applies to every experiment.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run the published experiments (workloads/suite.conf) one after the other; index.html links their reports.")
final class ReproduceCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a configuration key in every experiment.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: out/suite/); replaced whole.")
    Path out;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write every experiment's results to FILE.")
    Path json;

    @Override
    public Integer call() {
        Study study = Study.prepare("suite", sets, Main.home());
        Outputs outputs = Outputs.plan(out != null ? out : Path.of("out", study.name()), json, Main.home());
        return new Runner(study, outputs, 1, List.of(), spec.commandLine().getOut(), spec.commandLine().getErr()).run();
    }
}
