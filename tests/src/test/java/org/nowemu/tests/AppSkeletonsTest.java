package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.assertOneLineBadInput;
import static org.nowemu.tests.CommandLineTest.nowemu;
import static org.nowemu.tests.MotifsTest.both;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MG, radix sort, EM3D and CG skeletons (docs/workloads.md §8) run end to end over AM-II and MPI over FM 2.x.
 */
class AppSkeletonsTest {
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
                  {skeleton = mg, class = S, iterations = 1}
                  {skeleton = radix, class = S, iterations = 1}
                  {skeleton = em3d, class = S, iterations = 2} ] }
                mpi { stack = mpi-fm2, hosts = "4-7", phases = [
                  {skeleton = mg, class = S, iterations = 1}
                  {skeleton = em3d, class = S, iterations = 2} ] }
              }
            }
            """;

    /**
     * On a 16-host fat tree, on both engines (digests equal, pinned), every rank does what SkeletonsTest works out by
     * hand for class S on 4 ranks: MG one V-cycle, 56 messages and 78080 B each way; radix one pass, 26 messages and
     * 199680 B; EM3D two iterations, 12 messages each way, about 2 x 11360 B (the graph is random; what one rank
     * sends the job's ranks take, so the job's totals agree). Each phase spends time both computing and
     * communicating.
     */
    @Test
    void mgRadixAndEm3dDoWhatTheirSchedulesSayOnBothEngines() throws IOException {
        Path file = tmp.resolve("s.conf");
        Files.writeString(file, CONF);
        for (JsonNode r : CommandLineTest.onBothEngines(tmp, "89b19f9e20347dd7", "run", file.toString())) {
            JsonNode m = r.get("metrics");
            for (String job : new String[] {"am", "mpi"}) {
                assertEquals(4.0, m.get("motif." + job + ".done_ranks").asDouble(), job);
                assertEquals(0.0, m.get("motif." + job + ".unmatched").asDouble(), job);
            }
            for (int h = 0; h < 8; h++) {
                String job = h < 4 ? "am" : "mpi";
                both(m, "motif." + job + ".0.rank." + h + ".", 56, 78080);
                String em = "motif." + job + "." + (h < 4 ? 2 : 1) + ".rank." + h + ".";
                assertEquals(12.0, m.get(em + "sent_n").asDouble(), em);
                assertEquals(12.0, m.get(em + "received_n").asDouble(), em);
                assertEquals(22720, m.get(em + "received_bytes").asDouble(), 2272, em);
            }
            for (int h = 0; h < 4; h++) {
                both(m, "motif.am.1.rank." + h + ".", 26, 199680);
            }
            for (String ph : new String[] {"am.0", "am.1", "am.2", "mpi.0", "mpi.1"}) {
                String k = "motif." + ph + ".";
                assertEquals(m.get(k + "sent_bytes").asDouble(), m.get(k + "received_bytes").asDouble(), k);
                double share = m.get(k + "comm_share").asDouble();
                assertTrue(share > 0 && share < 1, k + "comm_share " + share);
                assertTrue(m.get(k + "time_us").asDouble() > 0, k);
            }
        }
    }

    /**
     * CG on 8 hosts of the NOW (workloads/skeletons.conf cut to one iteration of CG class S), on both engines, digests
     * equal and pinned: NPB's 2 x 4 grid, and each rank sends and takes what SkeletonsTest works out by hand: ranks 0,
     * 1, 6 and 7, their own transpose, 158 messages and 146464 B each way; ranks 2-5, which swap 26 pieces of 2800 B
     * with their transpose rank besides, 184 messages and 219264 B.
     */
    @Test
    void cgOnEightHostsRunsNpbsTwoByFourGridOnBothEngines() throws IOException {
        for (JsonNode r : CommandLineTest.onBothEngines(tmp.resolve("cg"), "d242d8816941d2ac", "run", "skeletons",
                "--set", "nowemu.traffic.jobs.apps.hosts=first 8",
                "--set", "nowemu.traffic.jobs.apps.phases=[{skeleton=cg, iterations=1}]")) {
            JsonNode m = r.get("metrics");
            assertEquals(8.0, m.get("motif.apps.done_ranks").asDouble());
            assertEquals(0.0, m.get("motif.apps.unmatched").asDouble());
            for (int h = 0; h < 8; h++) {
                boolean swaps = h >= 2 && h <= 5;
                both(m, "motif.apps.0.rank." + h + ".", swaps ? 184 : 158, swaps ? 219264 : 146464);
            }
        }
    }

    @Test
    void anOddHostCountOrAnUnknownClassIsOneLineBeforeAnythingRuns() {
        String mg = "nowemu.traffic.jobs.fm.phases=[{skeleton = mg, class = S}]";
        assertOneLineBadInput(nowemu("run", "collectives", "--set", mg, "--set", "nowemu.traffic.jobs.fm.hosts=8-13",
                "--out", tmp.resolve("o1").toString()), "nowemu: nowemu.traffic.jobs.fm.phases[0].skeleton: mg needs a"
                + " power of two hosts, the job has 6 (--set " + mg + ")");
        assertOneLineBadInput(nowemu("run", "collectives", "--set",
                "nowemu.traffic.jobs.am.phases=[{skeleton = em3d, class = B}]", "--out", tmp.resolve("o2").toString()),
                "nowemu: nowemu.traffic.jobs.am.phases[0].class: em3d has no class 'B' (known: S, W, A)"
                        + " (--set nowemu.traffic.jobs.am.phases=[{skeleton = em3d, class = B}])");
        String radix = "nowemu.traffic.jobs.fm.phases=[{skeleton = radix}]";
        assertOneLineBadInput(nowemu("run", "collectives", "--set", radix, "--set", "nowemu.traffic.jobs.fm.hosts=8-13",
                "--out", tmp.resolve("o3").toString()), "nowemu: nowemu.traffic.jobs.fm.phases[0].skeleton: radix needs"
                + " a power of two hosts, the job has 6 (--set " + radix + ")");
        for (String o : new String[] {"o1", "o2", "o3"}) {
            assertTrue(!Files.exists(tmp.resolve(o)), o);
        }
    }
}
