package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.typesafe.config.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.stats.StructuralHash;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * The sequential reference engine ({@code nowemu.runtime.engine = sequential}) against the actor runtime: every
 * experiment of {@code workloads/} at a small size, and fault schedules (a flapping cable, a cable cut and repaired, a NIC power
 * cycle, bit errors, a process crash; the mapper's elections and remaps run in {@code map}), must give the same run: digest,
 * events, final time, the runtime's invariants, the ledger, counters and every component's report. The actor
 * runs go over 1, 2 and 3 lanes in turn (a model cut along its switches, as far as it has them), so the engine is
 * checked against several schedules of the actors; none of them changes a result.
 */
class SequentialEngineTest {
    private static final String[] RUNTIMES = {"threads=1", "threads=3", "threads=2", "threads=2"};

    @TempDir
    static Path tmp;

    @BeforeAll
    static void home() {
        CommandLineTest.projectRoot();
    }

    /** Each experiment file with the overrides that make it small (a few seconds on both engines together). */
    static Stream<Arguments> experiments() {
        return Stream.of(
                Arguments.of("phold", List.of("nowemu.phold.components=50", "nowemu.phold.duration=50us")),
                Arguments.of("raw-pingpong", List.of("nowemu.raw-pingpong.sizes=[64,1024]",
                        "nowemu.raw-pingpong.round-trips=3", "nowemu.raw-pingpong.stream-packets=20")),
                Arguments.of("host-transfer", List.of("nowemu.host-transfer.sizes=[64, 8192]",
                        "nowemu.host-transfer.transfers=2")),
                Arguments.of("logp", List.of("nowemu.logp.stacks=[amii, gam]", "nowemu.topology.chain.switches=2",
                        "nowemu.logp.samples=3", "nowemu.logp.round-trips=10", "nowemu.logp.burst=16")),
                Arguments.of("bandwidth", List.of("nowemu.bandwidth.sizes=[64, 4096]", "nowemu.bandwidth.messages=6")),
                Arguments.of("overview", List.of("nowemu.logp.samples=2", "nowemu.logp.round-trips=5",
                        "nowemu.logp.burst=8", "nowemu.bandwidth.sizes=[1024]", "nowemu.bandwidth.messages=6")),
                Arguments.of("overcommit", List.of("nowemu.overcommit.clients=6",
                        "nowemu.hardware.profiles.now.nic.endpoint-frames=2", "nowemu.overcommit.duration=5ms",
                        "nowemu.protocol.transport.quantum=1ms", "nowemu.topology.chain.switches=2")),
                Arguments.of("map", List.of("nowemu.topology.name=fat-tree")),
                Arguments.of("contention", List.of("nowemu.topology.name=chain", "nowemu.topology.chain.switches=2",
                        "nowemu.topology.chain.hosts-per-switch=2", "nowemu.contention.clients=[1,2]",
                        "nowemu.contention.duration=1ms", "nowemu.contention.warmup=200us", "nowemu.contention.gap=1ms",
                        "nowemu.contention.start=500us", "nowemu.protocol.transport.quantum=1ms")),
                Arguments.of("permutations", permutations()),
                Arguments.of("virtual-networks", List.of("nowemu.virtual-networks.polled=[2]",
                        "nowemu.virtual-networks.threaded=[3]", "nowemu.topology.name=chain",
                        "nowemu.topology.chain.switches=2", "nowemu.topology.chain.hosts-per-switch=3",
                        "nowemu.virtual-networks.setup=20ms", "nowemu.virtual-networks.duration=2ms",
                        "nowemu.virtual-networks.warmup=1ms", "nowemu.virtual-networks.gap=1ms")),
                // A stack of every registered system.
                Arguments.of("compare", List.of("nowemu.compare.stacks=[basic1k, fm1, mpi-fm2, gam, bip, pm, hamlyn, "
                        + "lfc, fmmc, trapeze, unet-mm, vmmc, vmmc2]",
                        "nowemu.compare.sizes=[4, 2048]", "nowemu.compare.warmup=2", "nowemu.compare.round-trips=4",
                        "nowemu.compare.stream-bytes=8KiB", "nowemu.compare.min-stream-messages=2",
                        "nowemu.compare.max-stream-messages=4", "nowemu.topology.chain.switches=13")),
                Arguments.of("faults", campaign("power-cycle-ring-host")),
                // Schedule 5 leads with a power cycle (kind 5 of the registry), with three drawn faults after it.
                Arguments.of("faults-random", List.of("nowemu.fault-campaign.random.schedule=5")),
                Arguments.of("reliability-cost", relcost("[basic, basic-acknack, basic-niccredit]")),
                Arguments.of("faults-systems", relcost("[basic, pm, hamlyn]")),
                Arguments.of("multicast", List.of("nowemu.multicast.groups=[2, 4, 8]",
                        "nowemu.multicast.repetitions=1", "nowemu.topology.fat-tree.levels=4")),
                Arguments.of("notification", List.of("nowemu.notification.stacks=[lfc-intr, lfc]",
                        "nowemu.notification.slices=[50us]", "nowemu.notification.messages=5",
                        "nowemu.topology.chain.switches=2")),
                Arguments.of("traffic", List.of("nowemu.traffic.jobs.am.phases=[{pattern=uniform, duration=100us}]",
                        "nowemu.traffic.jobs.fm.phases=[{pattern=tornado, duration=100us}]")),
                Arguments.of("load-latency", loadLatency()),
                Arguments.of("collectives", List.of("nowemu.traffic.motif-limit=20ms",
                        "nowemu.traffic.jobs.am.phases=[{motif=allreduce, bytes=8, iterations=2},"
                                + " {skeleton=is, class=S, iterations=1}]",
                        "nowemu.traffic.jobs.mpi.phases=[{motif=barrier, bytes=4, iterations=2}]",
                        "nowemu.traffic.jobs.fm.phases=[{motif=\"sweep(2x4)\", bytes=64, compute=5us,"
                                + " iterations=1}]")),
                Arguments.of("sensitivity", SensitivityTest.small("amii-L25us")),
                Arguments.of("skeletons", List.of("nowemu.traffic.jobs.apps.hosts=first 8",
                        "nowemu.traffic.jobs.apps.phases=[{skeleton=cg, iterations=1}]")),
                Arguments.of("fat-tree-4096", List.of("nowemu.topology.fat-tree.levels=3",
                        "nowemu.permutations.hosts=64", "nowemu.permutations.duration=50us",
                        "nowemu.permutations.warmup=20us", "nowemu.permutations.gap=200us")),
                Arguments.of("fat-tree-16384", List.of("nowemu.topology.fat-tree.levels=3",
                        "nowemu.permutations.hosts=64", "nowemu.permutations.patterns=[random-pairs]",
                        "nowemu.permutations.duration=50us", "nowemu.permutations.warmup=20us",
                        "nowemu.permutations.gap=200us")));
    }

    /** load-latency on 16 hosts (a 2-level fat tree): three jobs of 5 or 6 hosts, two loads each, 200 us phases. */
    static List<String> loadLatency() {
        List<String> s = new ArrayList<>(List.of("nowemu.topology.fat-tree.levels=2", "nowemu.traffic.start=100us",
                "nowemu.traffic.drain=300us", "nowemu.traffic.jobs.am.hosts=0-5", "nowemu.traffic.jobs.fm.hosts=6-10"));
        for (String job : new String[] {"am", "fm", "bip"}) {
            s.addAll(List.of("nowemu.traffic.jobs." + job + ".sweep=[1MB/s, 4MB/s]",
                    "nowemu.traffic.jobs." + job + ".duration=200us", "nowemu.traffic.jobs." + job + ".warmup=20us"));
        }
        return s;
    }

    /** The reliability-cost workload shortened: three stacks, a clean and a noisy (1e-5) pair each, 12 hosts. */
    private static List<String> relcost(String stacks) {
        return List.of("nowemu.reliability-cost.stacks=" + stacks, "nowemu.reliability-cost.bit-error-rates=[1e-5]",
                "nowemu.reliability-cost.stream-messages=30", "nowemu.reliability-cost.warmup=2",
                "nowemu.reliability-cost.round-trips=4", "nowemu.reliability-cost.send-time=2ms",
                "nowemu.reliability-cost.receive-timeout=4ms",
                "nowemu.topology.chain.switches=4", "nowemu.topology.chain.hosts-per-switch=3");
    }

    /** Six hosts on a chain of three switches, a circular shift in 1 ms phases (PowerCycleTest's run). */
    private static List<String> permutations(String... more) {
        List<String> s = new ArrayList<>(List.of("nowemu.permutations.hosts=6", "nowemu.topology.name=chain",
                "nowemu.topology.chain.switches=3", "nowemu.topology.chain.hosts-per-switch=2",
                "nowemu.permutations.patterns=[cshift]", "nowemu.permutations.duration=1ms",
                "nowemu.permutations.warmup=100us", "nowemu.permutations.gap=500us"));
        s.addAll(List.of(more));
        return s;
    }

    /** The fault campaign at FaultCampaignTest's size, one case, its fault at 1 ms. */
    private static List<String> campaign(String c) {
        return List.of("nowemu.topology.name=chain", "nowemu.topology.chain.switches=2",
                "nowemu.topology.chain.hosts-per-switch=5", "nowemu.fault-campaign.clients=3",
                "nowemu.fault-campaign.ring-hosts=5", "nowemu.fault-campaign.duration=3ms",
                "nowemu.fault-campaign.bin=250us", "nowemu.fault-campaign.case=" + c,
                "nowemu.fault-campaign.cases.power-cycle-ring-host.faults=[{fault=power-cycle,element=h6,at=1ms,for=500us}]",
                "nowemu.fault-campaign.cases.crash-ring-host.faults=[{fault=crash-process,element=h6.p0,at=1ms}]");
    }

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of("flapping cable", "contention", List.of("nowemu.topology.name=chain",
                        "nowemu.topology.chain.switches=2", "nowemu.topology.chain.hosts-per-switch=2",
                        "nowemu.contention.clients=[1,2]", "nowemu.contention.duration=1ms",
                        "nowemu.contention.warmup=200us", "nowemu.contention.gap=1ms", "nowemu.contention.start=500us",
                        "nowemu.protocol.transport.quantum=1ms",
                        "nowemu.faults=[{fault=cut-link,element=\"s0:2\",at=1ms,for=2us,every=3us,times=300}]")),
                Arguments.of("cable cut and repair", "contention", List.of("nowemu.topology.name=chain",
                        "nowemu.topology.chain.switches=2", "nowemu.topology.chain.hosts-per-switch=2",
                        "nowemu.contention.clients=[1,2]", "nowemu.contention.duration=1ms",
                        "nowemu.contention.warmup=200us", "nowemu.contention.gap=1ms", "nowemu.contention.start=500us",
                        "nowemu.protocol.transport.quantum=1ms",
                        "nowemu.faults=[{fault=cut-link,element=\"s0:2\",at=1ms,until=1500us}]")),
                Arguments.of("power cycle", "permutations", permutations(
                        "nowemu.faults=[{fault=power-cycle,element=h2,at=2200us,for=500us}]")),
                Arguments.of("link errors", "permutations", permutations(
                        "nowemu.faults=[{fault=link-errors,element=all,at=1ms,bit-error-rate=1e-5}]")),
                Arguments.of("process crash", "faults", campaign("crash-ring-host")));
    }

    private static int turn;

    @ParameterizedTest(name = "{0}")
    @MethodSource("experiments")
    void everyExperimentRunsTheSameOnBothEngines(String experiment, List<String> sets) {
        same(experiment, sets);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void faultSchedulesRunTheSameOnBothEngines(String what, String experiment, List<String> sets) {
        RunResult r = same(experiment, sets);
        assertTrue(r.ledger().sent() > 0, what + ": traffic flowed");
    }

    /** Every experiment file is in {@link #experiments()}: a new one must be checked on both engines too. */
    @Test
    void theListCoversEveryExperimentFile() throws Exception {
        TreeSet<String> files = new TreeSet<>();
        try (var l = Files.list(Path.of("..", "workloads"))) {
            l.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".conf") && !n.equals("suite.conf"))
                    .forEach(n -> files.add(n.replace(".conf", "")));
        }
        TreeSet<String> tested = new TreeSet<>();
        experiments().forEach(a -> tested.add((String) a.get()[0]));
        assertEquals(files, tested);
    }

    private static RunResult same(String experiment, List<String> sets) {
        String runtime = RUNTIMES[turn++ % RUNTIMES.length];
        List<String> actorSets = new ArrayList<>(sets);
        for (String kv : runtime.split(";")) {
            actorSets.add("nowemu.runtime." + kv);
        }
        RunResult actors = run(experiment, actorSets);
        List<String> seqSets = new ArrayList<>(sets);
        seqSets.add("nowemu.runtime.engine=sequential");
        RunProgress progress = new RunProgress();
        RunResult seq = run(experiment, seqSets, progress);
        String what = experiment + " (actors on " + runtime + ")";
        assertTrue(actors.events() > 100, what + ": the run did something, " + actors.events() + " events");
        assertEquals(actors.digest(), seq.digest(), what + ": digest");
        assertEquals(actors.events(), seq.events(), what);
        assertEquals(actors.finalTimePs(), seq.finalTimePs(), what);
        assertEquals(actors.invariants(), seq.invariants(), what);
        assertTrue(seq.invariants().hold(), what);
        assertEquals(actors.ledger(), seq.ledger(), what);
        assertEquals(actors.counters(), seq.counters(), what);
        assertEquals(actors.components().size(), seq.components().size(), what);
        for (int i = 0; i < actors.components().size(); i++) {
            ComponentReport a = actors.components().get(i);
            ComponentReport s = seq.components().get(i);
            // Outcomes are records that may hold arrays (a map's routes): compared by their structural hash.
            assertEquals(List.of(a.name(), a.hash(), a.handled(), a.sent(), a.pending(), a.lastTime(), a.counters(),
                    a.outcomes().size(), a.outcomes().stream().map(StructuralHash::of).toList()),
                    List.of(s.name(), s.hash(), s.handled(), s.sent(), s.pending(), s.lastTime(), s.counters(),
                    s.outcomes().size(), s.outcomes().stream().map(StructuralHash::of).toList()), what + ": " + a.name());
        }
        // The sequential engine opens no window, nor one lane; its progress ends at the last event it handled.
        assertEquals(0, seq.windows());
        assertEquals(actors.runtime().lanes() > 1, actors.windows() > 0, what + ": windows with lanes only");
        assertEquals(seq.events(), progress.events());
        assertEquals(seq.finalTimePs(), progress.virtualTime());
        return seq;
    }

    private static RunResult run(String experiment, List<String> sets) {
        return run(experiment, sets, new RunProgress());
    }

    private static RunResult run(String experiment, List<String> sets, RunProgress progress) {
        Config config = ExperimentConfig.load(experiment, sets, Path.of(System.getProperty("nowemu.home", "..")))
                .config();
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        return Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs(), config, progress);
    }

    @Test
    void aBadEngineIsOneLineAndExitTwo() {
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.runtime.engine=threads", "--out",
                tmp.resolve("bad").toString()), "nowemu: nowemu.runtime.engine: expected actors or sequential, got"
                + " 'threads' (--set nowemu.runtime.engine=threads)");
        assertThrows(BadInputException.class, () -> RuntimeSettings.from(ExperimentConfig.load("phold",
                List.of("nowemu.runtime.engine=Sequential"), Path.of(System.getProperty("nowemu.home", ".."))).config()));
    }

    @Test
    void theSequentialEngineRunsOnOneJvmOnly() {
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.runtime.engine=sequential", "--jvms", "2",
                "--out", tmp.resolve("jvms").toString()), "nowemu: nowemu.runtime.engine = sequential runs on this JVM"
                + " alone: it takes no --jvms (a run over several JVMs runs on actors)");
        assertOneLineBadInput(nowemu("run", "phold", "--set", "nowemu.runtime.engine=sequential", "--seed-nodes",
                "127.0.0.1:2552", "--out", tmp.resolve("seeds").toString()), "nowemu: nowemu.runtime.engine ="
                + " sequential runs on this JVM alone: it takes no --seed-nodes (a run over several JVMs runs on actors)");
        assertTrue(Files.notExists(tmp.resolve("jvms")) && Files.notExists(tmp.resolve("seeds")));
    }

    @Test
    void theCommandLineRunsTheSequentialEngine() throws Exception {
        Path out = tmp.resolve("seq");
        var json = CommandLineTest.results(out, "run", "phold", "--set", "nowemu.phold.components=50", "--set",
                "nowemu.phold.duration=50us", "--set", "nowemu.seed=7", "--set", "nowemu.runtime.engine=sequential");
        CommandLineTest.Outcome a = nowemu("run", "phold", "--set", "nowemu.phold.components=50", "--set",
                "nowemu.phold.duration=50us", "--set", "nowemu.seed=7", "--out", tmp.resolve("act").toString());
        assertEquals(0, a.code(), a.err());
        var actors = new com.fasterxml.jackson.databind.ObjectMapper().readTree(tmp.resolve("act").resolve("results.json")
                .toFile());
        assertEquals(actors.get("digest").asText(), json.get("digest").asText());
        assertEquals(0, json.get("windows").asLong());
        assertEquals("sequential", json.get("configuration").get("nowemu").get("runtime").get("engine").asText());
    }
}
