package org.nowemu.workloads.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.typesafe.config.Config;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.phold.PholdModel;
import org.nowemu.workloads.phold.PholdSettings;
import org.nowemu.workloads.phold.PlainPhold;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nowemu bench}: PHOLD on the actor runtime at a large and a small lookahead, next to a bare
 * single-threaded loop running the same PHOLD in the same JVM. Every pair of runs must reach the same
 * digest (the runtime is checked against the loop); a mismatch fails the benchmark with exit 1.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark the runtime on PHOLD against a bare single-threaded loop (events per second).")
public final class BenchCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the figures as JSON to FILE.")
    Path json;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a configuration key (repeatable).")
    List<String> sets = new ArrayList<>();

    /** One measured pair: the runtime and the loop on the same model. */
    private record Pair(RunResult runtime, double plainSeconds, PlainPhold.Outcome plain) {
        double plainRate() {
            return plain.events() / plainSeconds;
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Config config = ExperimentConfig.base(sets, org.nowemu.workloads.cli.Main.home());
        BenchSettings b = BenchSettings.from(config);
        if (json != null) {
            Outputs.checkFile(json, "--json");
        }
        RuntimeSettings rs = RuntimeSettings.from(config);
        rs = rs.withPartitions(b.partitions() == 0 ? 2 * rs.threads() : b.partitions());
        PholdSettings large = b.phold();
        PholdSettings small = large.withLookahead(b.smallLookaheadPs());
        out.printf(Locale.ROOT, "PHOLD: %d components, %d events each, %.0f%% remote; %d threads, %d partitions%n",
                large.components(), large.eventsPerComponent(), large.remote() * 100, rs.threads(), rs.partitions());
        out.flush();
        if (b.warmupEvents() > 0) {
            measure(large.withDuration(large.durationFor(b.warmupEvents())), rs, config);
            measure(small.withDuration(small.durationFor(b.warmupEvents())), rs, config);
        }
        Pair l = median(large.withDuration(large.durationFor(b.events())), rs, config, b.repeats(), out);
        Pair s = median(small.withDuration(small.durationFor(b.events())), rs, config, b.repeats(), out);
        boolean same = l.runtime.digest().equals(l.plain.digest()) && s.runtime.digest().equals(s.plain.digest());

        double ratio = l.runtime.eventsPerSecond() / l.plainRate();
        out.printf(Locale.ROOT, "%-26s %14s %14s %8s %10s %10s%n", "lookahead", "runtime ev/s", "plain loop ev/s",
                "ratio", "windows", "act/event");
        row(out, "1 (" + fmt(large.lookaheadPs()) + ")", l);
        row(out, "0.1 (" + fmt(small.lookaheadPs()) + ")", s);
        out.println(same ? "digests: runtime = plain loop (" + l.runtime.digest() + ", " + s.runtime.digest() + ")"
                : "digests DIFFER: runtime " + l.runtime.digest() + "/" + s.runtime.digest() + ", plain loop "
                + l.plain.digest() + "/" + s.plain.digest());
        if (json != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("runtimeEventsPerSecond", l.runtime.eventsPerSecond());
            m.put("plainLoopEventsPerSecond", l.plainRate());
            m.put("ratio", ratio);
            m.put("smallWindowEventsPerSecond", s.runtime.eventsPerSecond());
            m.put("smallWindowPlainLoopEventsPerSecond", s.plainRate());
            m.put("events", l.runtime.events());
            m.put("smallWindowEvents", s.runtime.events());
            m.put("activationsPerEvent", l.runtime.activations() / (double) l.runtime.events());
            m.put("smallWindowActivationsPerEvent", s.runtime.activations() / (double) s.runtime.events());
            m.put("threads", rs.threads());
            m.put("partitions", rs.partitions());
            m.put("digestsMatch", same);
            Outputs.writeFile(json, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(m) + System.lineSeparator());
        }
        if (!same) {
            spec.commandLine().getErr().println("nowemu: bench failed: the runtime and the plain loop disagree");
            return 1;
        }
        return 0;
    }

    /** Runs {@code repeats} times and keeps the run with the median runtime speed (the loop's speed of that run). */
    private static Pair median(PholdSettings s, RuntimeSettings rs, Config config, int repeats, PrintWriter out) {
        List<Pair> runs = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            Pair p = measure(s, rs, config);
            out.printf(Locale.ROOT, "  lookahead %s run %d: runtime %.0f ev/s, plain loop %.0f ev/s%n",
                    fmt(s.lookaheadPs()), i + 1, p.runtime.eventsPerSecond(), p.plainRate());
            out.flush();
            runs.add(p);
        }
        runs.sort(java.util.Comparator.comparingDouble(p -> p.runtime.eventsPerSecond()));
        return runs.get(runs.size() / 2);
    }

    private static Pair measure(PholdSettings s, RuntimeSettings rs, Config config) {
        long t0 = System.nanoTime();
        PlainPhold.Outcome plain = new PlainPhold().run(s, rs.seed());
        double plainSeconds = (System.nanoTime() - t0) / 1e9;
        RunResult r = Emulation.run(PholdModel.build(s), rs, s.durationPs(), config, new RunProgress());
        return new Pair(r, plainSeconds, plain);
    }

    private static void row(PrintWriter out, String name, Pair p) {
        out.printf(Locale.ROOT, "%-26s %14.0f %14.0f %8.2f %10d %10.2f%n", name, p.runtime.eventsPerSecond(),
                p.plainRate(), p.runtime.eventsPerSecond() / p.plainRate(), p.runtime.windows(),
                p.runtime.activations() / (double) p.runtime.events());
        out.flush();
    }

    private static String fmt(long ps) {
        return org.nowemu.actors.time.VirtualTime.format(ps);
    }
}
