package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.experiment.Workloads;

/**
 * MPI over FM keeps progressing while a send waits for credits (docs/workloads.md §8): an alltoall by pairwise
 * exchange on 4 ranks, 4 KiB blocks, with FM's receive area cut to 12 slots, so that each rank holds 12 / 3 = 4
 * credits per peer. A 4 KiB block and MPI's 24-byte header are 5 packets of FM 2.x's 1 KiB (33 of FM 1.x's 128 B),
 * more than the credits: at step 1 every rank r sends to r + 1 and, with its 4 credits spent, waits for r + 1 to
 * take its packets, while r + 1 waits the same way on r + 2, round the ring. FM's own sends take in only credit
 * packets, so before MPI extracted while it waited, all four ranks waited for good (the run ended with its 8
 * first messages lost, none received). Now each waiting send extracts r - 1's packets into MPI's unexpected pool
 * and returns its credits: the ring moves, and both iterations complete.
 */
class MpiProgressTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private record Run(RunResult r, SortedMap<String, Double> m) {
    }

    private Run run(String stack, String engine) throws IOException {
        Path file = tmp.resolve(stack + ".conf");
        Files.writeString(file, """
                nowemu { workload = traffic, topology.name = fat-tree
                  protocol.fm.receive-slots = 12
                  traffic.motif-limit = 20ms
                  traffic.jobs.a { stack = %s, hosts = "0-3",
                    phases = [ {motif = alltoall, bytes = 4096, iterations = 2} ] } }
                """.formatted(stack));
        Config config = ExperimentConfig.load(file.toString(), List.of("nowemu.runtime.engine=" + engine),
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs(), config,
                new RunProgress());
        return new Run(r, w.metrics(plan, r));
    }

    /**
     * Every rank finishes: 2 iterations of 3 steps, 6 blocks of 4096 B taken by each of the 4 ranks (24 in all,
     * 98,304 B). Sends found no credit ({@code fm.credit_waits}) and extracted while they waited
     * ({@code mpi.progress_extracts}). Over FM 2.x what they extracted went through the unexpected pool (no receive
     * is posted while its rank is still sending; the handler starts on a message's first packet); over FM 1.x a
     * message is handed to MPI only whole, its 33 packets reassembled, by when its receiver has posted its receive.
     * Both engines agree; digest pinned.
     */
    @ParameterizedTest
    @CsvSource({"mpi-fm2, fce4e76e9b11b4bf", "mpi-fm1, 72a740760194bed6"})
    void anAlltoallWithFewerCreditsThanItsBlocksNeedCompletes(String stack, String pinned) throws IOException {
        Run actors = run(stack, "actors");
        Run seq = run(stack, "sequential");
        for (Run x : List.of(actors, seq)) {
            assertTrue(x.r().kept(), stack + ": the ledger holds");
            assertEquals(4.0, x.m().get("motif.a.done_ranks"), stack);
            assertEquals(24.0, x.m().get("motif.a.0.received_n"), stack);
            assertEquals(24.0 * 4096, x.m().get("motif.a.0.received_bytes"), stack);
            assertEquals(24, x.r().counter("mpi.received"), stack);
            assertTrue(x.r().counter("fm.credit_waits") > 0, stack + ": sends waited for credits");
            assertTrue(x.r().counter("mpi.progress_extracts") > 0, stack + ": and extracted meanwhile");
            if (stack.equals("mpi-fm2")) {
                assertTrue(x.r().counter("mpi.unexpected") > 0, stack + ": into the unexpected pool");
            }
        }
        assertEquals(actors.r().digest(), seq.r().digest(), stack + ": both engines");
        assertEquals(pinned, actors.r().digest(), stack + ": pinned digest");
    }
}
