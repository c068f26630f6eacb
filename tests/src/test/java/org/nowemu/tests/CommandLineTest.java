package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.workloads.cli.Main;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/** The command line through its real entry point ({@link Main#execute}, which {@code main} hands to System.exit). */
@Timeout(120)
class CommandLineTest {
    @TempDir
    Path tmp;

    /** What one invocation printed and returned. */
    record Outcome(int code, String out, String err) {
    }

    @BeforeAll
    static void projectRoot() {
        // Tests run in tests/; the project root holds application.conf and workloads/.
        System.setProperty("nowemu.home", Path.of("..").toAbsolutePath().normalize().toString());
    }

    static Outcome nowemu(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Runs the command line with {@code args} and {@code --out out}, asserts it succeeded (exit 0; its error output
     * shown if not) and returns the results.json it wrote there.
     */
    static JsonNode results(Path out, String... args) throws IOException {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("--out", out.toString()));
        Outcome o = nowemu(all.toArray(new String[0]));
        assertEquals(0, o.code(), o.err());
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    /**
     * Runs {@code args} on the actors engine and on the sequential one (into {@code dir}/actors and
     * {@code dir}/sequential), asserts that both runs have the one digest {@code pinned}, and returns their
     * results.json, the actors engine's first.
     */
    static List<JsonNode> onBothEngines(Path dir, String pinned, String... args) throws IOException {
        List<JsonNode> runs = new java.util.ArrayList<>();
        for (String engine : new String[] {"actors", "sequential"}) {
            List<String> a = new java.util.ArrayList<>(List.of(args));
            a.addAll(List.of("--set", "nowemu.runtime.engine=" + engine));
            runs.add(results(dir.resolve(engine), a));
        }
        assertEquals(runs.get(0).get("digest").asText(), runs.get(1).get("digest").asText(),
                "actors against sequential");
        assertEquals(pinned, runs.get(0).get("digest").asText());
        return runs;
    }

    /** {@link #results(Path, String...)} with arguments gathered in a list. */
    static JsonNode results(Path out, List<String> args) throws IOException {
        return results(out, args.toArray(new String[0]));
    }

    static void assertOneLineBadInput(Outcome o, String expected) {
        assertEquals(2, o.code(), o.err());
        assertEquals(expected + System.lineSeparator(), o.err());
        assertFalse(o.err().contains("Exception"), o.err());
    }

    @Test
    void anUnknownKeyIsOneLineNamingTheKeyAndExitTwo() {
        Outcome o = nowemu("run", "phold", "--set", "nowemu.phold.componnets=10", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: unknown key nowemu.phold.componnets (--set nowemu.phold.componnets=10);"
                + " every key lives in a module's reference.conf");
        assertFalse(Files.exists(tmp.resolve("results.json")));
    }

    @Test
    void anUnknownKeyInAnExperimentFileNamesTheFileAndLine() throws IOException {
        Path conf = tmp.resolve("mine.conf");
        Files.writeString(conf, "nowemu.workload = phold\n\nnowemu.runtime.treads = 4\n");
        Outcome o = nowemu("run", conf.toString(), "--out", tmp.resolve("o").toString());
        assertOneLineBadInput(o, "nowemu: unknown key nowemu.runtime.treads (mine.conf:3);"
                + " every key lives in a module's reference.conf");
    }

    @Test
    void aValueWithAWrongUnitIsOneLineNamingTheKeyAndExitTwo() {
        Outcome o = nowemu("run", "phold", "--set", "nowemu.phold.lookahead=10 parsecs", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: nowemu.phold.lookahead: expected a duration with a unit (ps, ns, us, ms, s),"
                + " got '10 parsecs' (--set nowemu.phold.lookahead=10 parsecs)");
    }

    @Test
    void aValueOfTheWrongTypeIsOneLineNamingTheKey() {
        Outcome o = nowemu("run", "phold", "--set", "nowemu.runtime.threads=many", "--out", tmp.toString());
        assertEquals(2, o.code());
        assertTrue(o.err().startsWith("nowemu: ") && o.err().contains("nowemu.runtime.threads"), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
    }

    @Test
    void aMissingExperimentFileIsOneLineNamingTheFileAndExitTwo() {
        Outcome o = nowemu("run", "no/such/experiment.conf");
        assertOneLineBadInput(o, "nowemu: experiment file not found: no/such/experiment.conf");
    }

    @Test
    void anUnknownExperimentNameListsTheKnownOnes() {
        Outcome o = nowemu("run", "phlod");
        assertOneLineBadInput(o, "nowemu: unknown experiment 'phlod' (known: bandwidth, collectives, compare, contention, fat-tree-16384, fat-tree-4096, faults, faults-random, faults-systems, host-transfer, load-latency, logp, map, multicast, notification, overcommit, overview, permutations, phold, raw-pingpong, reliability-cost, sensitivity, skeletons, suite, traffic, virtual-networks; or give the path of a .conf file)");
    }

    @Test
    void anUnknownOptionIsOneLineAndExitTwo() {
        Outcome o = nowemu("run", "--frobnicate");
        assertEquals(2, o.code());
        assertEquals(1, o.err().lines().count(), o.err());
    }

    @Test
    void aRunWritesResultsJsonWithTheContractFieldsAndTheSameDigestAsJson() throws IOException {
        Path json = tmp.resolve("copy/results.json");
        Outcome o = nowemu("run", "phold", "--set", "nowemu.phold.components=50", "--set", "nowemu.phold.duration=50us",
                "--set", "nowemu.seed=7", "--out", tmp.resolve("out").toString(), "--json", json.toString(), "--trace");
        assertEquals(0, o.code(), o.err());
        JsonNode r = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile());
        List<String> fields = List.of("experiment", "seed", "virtualTimePs", "events", "wallSeconds", "eventsPerSecond",
                "windows", "activationsPerEvent", "runtime", "digest", "metrics", "invariants", "configuration", "version");
        List<String> got = new java.util.ArrayList<>();
        r.fieldNames().forEachRemaining(got::add);
        assertEquals(fields, got);
        assertEquals("phold", r.get("experiment").asText());
        assertEquals(7, r.get("seed").asLong());
        assertEquals(0, r.get("invariants").get("lost").asLong());
        assertEquals(0, r.get("invariants").get("duplicated").asLong());
        assertEquals(0.1, r.get("metrics").get("phold.remote_fraction").asDouble(), 0.02);
        // About 5,000 events: the run ends within the planner's pilot (50,000 events), so on one lane, which opens
        // no window: it runs to the horizon.
        assertEquals(0, r.get("windows").asLong());
        assertEquals(1, r.get("runtime").get("lanes").asInt());
        assertEquals("actors", r.get("runtime").get("engine").asText());
        assertEquals(r.get("digest"), new ObjectMapper().readTree(json.toFile()).get("digest"));
        assertTrue(o.out().contains(r.get("digest").asText()), o.out());
        JsonNode trace = new ObjectMapper().readTree(tmp.resolve("out/trace.json").toFile());
        assertTrue(trace.get("traceEvents").size() > r.get("events").asLong(), "one instant per handled event, plus names");
        // The same configuration and seed again: the same digest.
        Outcome again = nowemu("run", "phold", "--set", "nowemu.phold.components=50", "--set", "nowemu.phold.duration=50us",
                "--set", "nowemu.seed=7", "--set", "nowemu.runtime.threads=2", "--out", tmp.resolve("again").toString());
        assertEquals(0, again.code(), again.err());
        JsonNode two = new ObjectMapper().readTree(tmp.resolve("again/results.json").toFile());
        assertEquals(r.get("digest"), two.get("digest"));
        // Two lanes, every component may send to any other after 1us: windows of 1us over 50us (the first event
        // falls after 1us, the last window ends at the horizon): 49.
        assertEquals(2, two.get("runtime").get("lanes").asInt());
        assertEquals(49, two.get("windows").asLong());
    }

    @Test
    void listNamesTheExperimentsAndWorkloads() {
        Outcome o = nowemu("list");
        assertEquals(0, o.code());
        assertTrue(o.out().contains("  phold"), o.out());
        // The design-space table: a heading row, then one row per registered system, read from its declaration.
        List<String> lines = o.out().lines().toList();
        int at = lines.indexOf("design space (the survey's table, from the registry):");
        assertTrue(at >= 0, o.out());
        assertTrue(lines.get(at + 1).matches("  system +\\| data transfer +\\| translation .*\\| multicast"),
                lines.get(at + 1));
        for (int i = 0; i < org.nowemu.protocol.system.Systems.all().size(); i++) {
            var sys = org.nowemu.protocol.system.Systems.all().get(i);
            String row = lines.get(at + 2 + i);
            assertTrue(row.startsWith("  " + sys.name() + " ") && row.endsWith("| " + sys.choices().multicast()),
                    row);
        }
        assertTrue(lines.get(at + 3).matches("  basic +\\| DMA after a copy +\\| DMA areas +\\| no +\\| polling .*"),
                "the basic protocol copies into a DMA area and polls: " + lines.get(at + 3));
        // Under each stack, what it assumes away, with its paper's reason.
        List<String> stacks = lines.subList(lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("protocol stacks (nowemu.protocol.stack)")).findFirst().orElseThrow()),
                lines.size());
        int fm2 = stacks.indexOf(stacks.stream().filter(l -> l.startsWith("  fm2 ")).findFirst().orElseThrow());
        assertTrue(stacks.get(fm2 + 1).trim().startsWith("assumes no bit errors, no cut cables, no switch failures, no"
                + " NIC power cycles (FM takes its reliability from Myrinet's low bit-error rate"), stacks.get(fm2 + 1));
        int pm = stacks.indexOf(stacks.stream().filter(l -> l.startsWith("  pm ")).findFirst().orElseThrow());
        assertTrue(stacks.get(pm + 1).trim().startsWith("assumes no NIC power cycles (PM's ACK/NACK"), stacks.get(pm + 1));
        int amii = stacks.indexOf(stacks.stream().filter(l -> l.startsWith("  amii ")).findFirst().orElseThrow());
        assertEquals("assumes nothing", stacks.get(amii + 1).trim());
    }

    @Test
    void everyExperimentFileInWorkloadsIsPackagedListedAndPlans() throws IOException {
        List<String> listed = nowemu("list").out().lines().map(String::trim).toList();
        try (var files = Files.list(Path.of("..", "workloads"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".conf")).toList()) {
                String name = p.getFileName().toString().replace(".conf", "");
                assertTrue(getClass().getClassLoader().getResource("experiments/" + name + ".conf") != null, name);
                assertTrue(listed.contains(name), name + " not in " + listed);
                // It loads, names a workload, and that workload builds a model from it (the suite names experiments).
                ExperimentConfig ec = ExperimentConfig.load(name, List.of(), Main.home());
                if (name.equals("suite")) {
                    for (String e : ec.config().getStringList("nowemu.suite.experiments")) {
                        assertTrue(listed.contains(e), "the suite's " + e + " is an experiment");
                    }
                    continue;
                }
                Plan plan = Workloads.from(new ConfigReader(ec.config())).plan(ec.config());
                assertTrue(plan.model().size() > 0 && plan.horizonPs() > 0, name);
            }
        }
    }

    @Test
    void aMisspeltRootKeyIsRefusedNotIgnored() {
        Outcome o = nowemu("run", "phold", "--set", "nowmeu.seed=7", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: unknown key nowmeu.seed (--set nowmeu.seed=7); nowemu's keys start with nowemu.");
    }

    @Test
    void aFractionalOrOutOfRangeSeedIsRefusedNotTruncated() {
        Outcome o = nowemu("run", "phold", "--set", "nowemu.seed=1.9", "--out", tmp.toString());
        assertOneLineBadInput(o, "nowemu: nowemu.seed: must be a whole number, got 1.9 (--set nowemu.seed=1.9)");
        assertEquals(2, nowemu("run", "phold", "--set", "nowemu.seed=99999999999999999999", "--out", tmp.toString()).code());
        assertEquals(2, nowemu("run", "phold", "--set", "nowemu.phold.components=2.7", "--out", tmp.toString()).code());
    }

    @Test
    void anUnknownWorkloadNamesTheFileAndLine() throws IOException {
        Path conf = tmp.resolve("odd.conf");
        Files.writeString(conf, "nowemu.workload = nosuch\n");
        Outcome o = nowemu("run", conf.toString(), "--out", tmp.resolve("o").toString());
        assertOneLineBadInput(o, "nowemu: nowemu.workload: unknown workload 'nosuch' (known: phold, raw-pingpong, logp, bandwidth, overcommit, map, contention, permutations, virtual-networks, fault-campaign, overview, compare, reliability-cost, host-transfer, multicast, notification, traffic) (odd.conf:1)");
    }

    @Test
    void anUnwritableJsonTargetIsBadInputBeforeTheRunAndNothingIsWritten() throws IOException {
        Path folder = Files.createDirectories(tmp.resolve("a-folder"));
        Outcome o = nowemu("run", "phold", "--set", "nowemu.phold.duration=5us", "--out", tmp.resolve("out").toString(),
                "--json", folder.toString());
        assertOneLineBadInput(o, "nowemu: --json " + folder + ": a folder, not a file");
        assertFalse(Files.exists(tmp.resolve("out/results.json")));
    }

    @Test
    void noCommandIsOneLineAndExitTwo() {
        Outcome o = nowemu();
        assertOneLineBadInput(o, "nowemu: name a command: run, list, bench, calibrate, reproduce or node (nowemu --help"
                + " tells more)");
    }

    @Test
    void badClusterOptionsAreOneLineAndExitTwo() {
        assertOneLineBadInput(nowemu("run", "phold", "--jvms", "0", "--out", tmp.toString()),
                "nowemu: --jvms 0: expected 1 to 64");
        assertOneLineBadInput(nowemu("run", "phold", "--jvms", "2", "--seed-nodes", "127.0.0.1:2552",
                "--out", tmp.toString()), "nowemu: --jvms and --seed-nodes exclude each other: --jvms starts its own cluster");
        assertOneLineBadInput(nowemu("run", "phold", "--seed-nodes", "nowhere", "--out", tmp.toString()),
                "nowemu: seed node 'nowhere' is not host:port");
    }
}
