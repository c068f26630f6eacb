package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Motif and skeleton jobs (docs/workloads.md §7-8) run end to end, closed loop, over three stacks on one fabric. */
class MotifsTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private static final String CONF = """
            nowemu {
              workload = traffic
              topology.name = fat-tree
              traffic.motif-limit = 50ms
              traffic.jobs {
                am { stack = amii, hosts = "0-3", phases = [
                  {motif = allreduce, bytes = 8, compute = 20us, iterations = 3}
                  {skeleton = is, class = S, iterations = 1} ] }
                mpi { stack = mpi-fm2, hosts = "4-6", phases = [
                  {motif = barrier, bytes = 4, iterations = 2}
                  {motif = allreduce, bytes = 64, compute = "exponential(10us)", iterations = 2} ] }
                fm { stack = fm2, hosts = "8-15", phases = [
                  {motif = "halo2d(2x4)", bytes = 1024, compute = 30us, iterations = 2}
                  {motif = gather, bytes = 256, iterations = 2} ] }
              }
            }
            """;

    /**
     * On a 16-host fat tree, on both engines (digests equal, pinned), every rank finishes and sends and takes what
     * its schedule says, worked out by hand:
     * <ul>
     * <li>am, 4 ranks: allreduce by recursive doubling, 2 exchanges of 8 B an iteration, 3 iterations: 6 messages,
     * 48 B each way per rank; IS class S once: 8 messages, 53300 B each way (SkeletonsTest).
     * <li>mpi, 3 ranks (hosts 4-6): the barrier's 2 rounds, 2 iterations: 4 messages of 4 B each way per rank. The
     * allreduce on 3 (p = 2, rem = 1): host 4 hands its 64 B to host 5 and takes the result back (1 each way an
     * iteration); host 5 also exchanges with host 6 (2 each way); host 6 1 each way. Two iterations double it.
     * <li>fm, 8 ranks on 2 x 4: 4 faces of 1024 B sent and taken an iteration, 8 messages, 8192 B in two. Gather of
     * 256 B to host 8: 7 x 2 = 14 messages (3584 B) in, each other rank 2 messages (512 B) out.
     * </ul>
     */
    @Test
    void motifsOnThreeStacksDoWhatTheirSchedulesSayOnBothEngines() throws IOException {
        Path file = tmp.resolve("m.conf");
        Files.writeString(file, CONF);
        for (JsonNode r : CommandLineTest.onBothEngines(tmp, "9af2129361a9a473", "run", file.toString())) {
            JsonNode m = r.get("metrics");
            assertEquals(4.0, m.get("motif.am.done_ranks").asDouble());
            assertEquals(3.0, m.get("motif.mpi.done_ranks").asDouble());
            assertEquals(8.0, m.get("motif.fm.done_ranks").asDouble());
            for (String job : new String[] {"am", "mpi", "fm"}) {
                assertEquals(0.0, m.get("motif." + job + ".unmatched").asDouble(), job);
            }
            for (int h = 0; h < 4; h++) {
                both(m, "motif.am.0.rank." + h + ".", 6, 48);
                both(m, "motif.am.1.rank." + h + ".", 8, 53300);
            }
            for (int h = 4; h <= 6; h++) {
                both(m, "motif.mpi.0.rank." + h + ".", 4, 16);
            }
            for (Map.Entry<Integer, Integer> e2 : Map.of(4, 2, 5, 4, 6, 2).entrySet()) {
                both(m, "motif.mpi.1.rank." + e2.getKey() + ".", e2.getValue(), 64L * e2.getValue());
            }
            for (int h = 8; h < 16; h++) {
                both(m, "motif.fm.0.rank." + h + ".", 8, 8192);
                String k = "motif.fm.1.rank." + h + ".";
                assertEquals(h == 8 ? 14.0 : 0.0, m.get(k + "received_n").asDouble(), k);
                assertEquals(h == 8 ? 3584.0 : 0.0, m.get(k + "received_bytes").asDouble(), k);
                assertEquals(h == 8 ? 0.0 : 512.0, m.get(k + "sent_bytes").asDouble(), k);
            }
            // An allreduce iteration is at least its 20 us of compute; the phase's time covers its 3 iterations.
            assertTrue(m.get("motif.am.0.iteration_mean_us").asDouble() > 20);
            assertTrue(m.get("motif.am.0.time_us").asDouble() >= 3 * 20);
            assertTrue(m.get("motif.am.0.iteration_p99_us").asDouble()
                    >= m.get("motif.am.0.iteration_p50_us").asDouble());
            double share = m.get("motif.fm.0.comm_share").asDouble();
            assertTrue(share > 0 && share < 1, "halo with 30 us compute: " + share);
        }
    }

    /** Rank key {@code k} sent and took {@code n} messages of {@code bytes} bytes in all, each way. */
    static void both(JsonNode m, String k, long n, long bytes) {
        assertEquals((double) n, m.get(k + "sent_n").asDouble(), k);
        assertEquals((double) bytes, m.get(k + "sent_bytes").asDouble(), k);
        assertEquals((double) n, m.get(k + "received_n").asDouble(), k);
        assertEquals((double) bytes, m.get(k + "received_bytes").asDouble(), k);
    }

    @Test
    void aWrongMotifOrSkeletonIsOneLineBeforeAnythingRuns() {
        assertOneLineBadInput(nowemu("run", "collectives", "--set",
                "nowemu.traffic.jobs.am.phases=[{motif = allgather, bytes = 8, iterations = 1}]", "--out",
                tmp.resolve("o1").toString()), "nowemu: nowemu.traffic.jobs.am.phases[0].motif: unknown motif"
                + " 'allgather' (known: barrier, broadcast, reduce, allreduce, alltoall, alltoallv, gather, scatter,"
                + " ring, halo2d, halo3d, sweep) (--set nowemu.traffic.jobs.am.phases=[{motif = allgather, bytes = 8,"
                + " iterations = 1}])");
        assertOneLineBadInput(nowemu("run", "collectives", "--set",
                "nowemu.traffic.jobs.fm.phases=[{skeleton = lu, class = B}]", "--out", tmp.resolve("o2").toString()),
                "nowemu: nowemu.traffic.jobs.fm.phases[0].class: lu has no class 'B' (known: S, W, A)"
                        + " (--set nowemu.traffic.jobs.fm.phases=[{skeleton = lu, class = B}])");
        assertOneLineBadInput(nowemu("run", "collectives", "--set",
                "nowemu.traffic.jobs.mpi.phases=[{motif = ring, bytes = 8}]", "--out", tmp.resolve("o3").toString()),
                "nowemu: nowemu.traffic.jobs.mpi.phases[0]: a motif needs iterations (its message size and how many"
                        + " times it runs)");
        assertOneLineBadInput(nowemu("run", "collectives", "--set", "nowemu.traffic.jobs.fm.stack=trapeze", "--out",
                tmp.resolve("o4").toString()), "nowemu: nowemu.traffic.jobs.fm.stack: motifs and skeletons need a stack"
                + " that delivers every message of a sender in order; trapeze (trapeze) is unreliable"
                + " (--set nowemu.traffic.jobs.fm.stack=trapeze)");
        assertTrue(!Files.exists(tmp.resolve("o1")));
    }
}
