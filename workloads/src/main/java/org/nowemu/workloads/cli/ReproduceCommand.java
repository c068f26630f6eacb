package org.nowemu.workloads.cli;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nowemu.actors.config.BadInputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nowemu reproduce [--out DIR] [--set k=v]...}: the published study in one go, on one JVM. Runs each
 * experiment named by {@code nowemu.suite.experiments} of {@code workloads/suite.conf} (LogP, bandwidth,
 * permutations, contention, virtual networks) with its own configuration, each into its own folder under DIR,
 * and writes {@code DIR/index.html} linking their reports. {@code --set} applies to every experiment.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run the published experiments (workloads/suite.conf) one after the other; index.html links their reports.")
final class ReproduceCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a configuration key in every experiment.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: out/suite/).")
    Path out;

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        Path suite = Main.home().resolve("workloads").resolve("suite.conf");
        List<String> experiments;
        try {
            experiments = ConfigFactory.parseFile(suite.toFile()).getStringList("nowemu.suite.experiments");
        } catch (ConfigException e) {
            throw new BadInputException(suite + ": " + e.getMessage().replaceAll("\\s*\\n\\s*", " "));
        }
        Path dir = out != null ? out : Path.of("out", "suite");
        StringBuilder index = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>nowemu: the published study</title></head><body>\n<h1>The published study</h1>\n<ul>\n");
        int worst = Main.OK;
        for (String name : experiments) {
            stdout.println("== " + name);
            stdout.flush();
            List<String> args = new ArrayList<>(List.of("run", name, "--out", dir.resolve(name).toString()));
            for (String s : sets) {
                args.add("--set");
                args.add(s);
            }
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            int code = Main.execute(args.toArray(new String[0]), new PrintStream(new WriterStream(stdout), true),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String message = err.toString(StandardCharsets.UTF_8).trim();
            if (code != Main.OK) {
                spec.commandLine().getErr().println(message);
                worst = Math.max(worst, code);
            }
            index.append("<li><a href=\"").append(name).append("/report.html\">").append(name).append("</a>")
                    .append(code == Main.OK ? "" : " (failed)").append("</li>\n");
        }
        index.append("</ul>\n</body></html>\n");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("index.html"), index.toString());
        stdout.println("wrote " + dir.resolve("index.html"));
        return worst;
    }
}
