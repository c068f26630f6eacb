package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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
 * MPI over FM 1.x against FM 1.x (compare on ppro, 4 KB messages, each stack on its own pair): the copies MPI's
 * layering forces, counted by kind and timed, and what they cost the stream.
 */
class MpiOverFm1CopiesTest {
    private static final double US = 1e6;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * 165 MPI messages, 4096 B but for one short one (20 + 30 round trips, then a 256 KiB stream): every send
     * gathers the 24-byte header and the payload into one buffer for FM_send (4120 B), and every receive copies the
     * payload out of FM's reassembly buffer, into the posted receive here (the benchmark posts its next receive
     * before the next message is whole, so none goes through the unexpected pool: no pool copies). Copies between
     * host buffers run at ppro's memory copy rate, 57 MB/s: the gather 4120 / 57 = 72.28 us, the copy into the
     * posted buffer 4096 / 57 = 71.86 us (a 4 KB buffer fits the 256 KB cache, but the rate of a copy between host
     * buffers is the uncached one: both ends are charged as misses); FM 1.x's own reassembly into a buffer that fits
     * the cache runs at the cached rate (171 MB/s), 4120 B in 24.09 us, for both stacks alike.
     *
     * <p>FM 1.x streams 4 KB in 132.2 us (30.97 MB/s), paced by its NIC's per-packet steps and send DMA, with its
     * sending host idle part of the time: 33 packets of 128 B, each 4.0 us on the NIC (its steps, then its 140-odd bytes
     * at the LANai's 132 MB/s, 0.19 us more than at the link's 160, where it took 126.2 us). MPI's sender adds its
     * 72.3 us gather before each FM_send: were it fully hidden in the NIC's slack MPI would keep FM's 132.2 us, were
     * none hidden it would take 204.5 us (20.0 MB/s). The sender's own
     * work per message, the gather and FM_send's PIO of 33 packets, is more than FM's NIC needs, so MPI is paced
     * by its sender and lands in between, the gap below FM 1.x no more than the gather's time. Digest pinned.
     */
    @Test
    void mpiOverFm1StreamsBelowFm1ByItsGatherCopy() {
        Config config = ExperimentConfig.load("compare", List.of("nowemu.compare.stacks=[fm1, mpi-fm1]",
                "nowemu.compare.sizes=[4096]", "nowemu.topology.chain.switches=2"),
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Workload w = Workloads.from(new ConfigReader(config));
        Plan plan = w.plan(config);
        RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs(), config,
                new RunProgress());
        SortedMap<String, Double> m = w.metrics(plan, r);
        assertTrue(r.kept());

        long sent = r.counter("mpi.sent");
        assertEquals(165, sent);
        assertEquals(sent, r.counter("mpi.received"));
        assertEquals(sent, r.counter("mpi.copies.gather"));
        assertEquals(sent, r.counter("mpi.copies.posted") + r.counter("mpi.copies.pool_in"));
        assertEquals(r.counter("mpi.copies.pool_in"), r.counter("mpi.copies.pool_out"));
        long payload = r.counter("mpi.copied_bytes.posted") + r.counter("mpi.copied_bytes.pool_in");
        assertTrue(payload >= 164 * 4096L, "the benchmark's messages are 4 KB (and one short one): " + payload);
        assertEquals(payload + 24 * sent, r.counter("mpi.copied_bytes.gather"), "each send gathers its header too");
        // Per 4120-byte gather and per 4096-byte copy out of the reassembly buffer, at the rate charged.
        double gatherUs = r.counter("mpi.copy_ps.gather") / 1e6 / r.counter("mpi.copied_bytes.gather") * 4120;
        double postedUs = r.counter("mpi.copy_ps.posted") / 1e6 / r.counter("mpi.copied_bytes.posted") * 4096;
        assertEquals(72.28, gatherUs, 0.01, "gather at the memory copy rate");
        assertEquals(71.86, postedUs, 0.01, "out of the reassembly buffer at the memory copy rate");

        double fm1 = m.get("compare.fm1.4096B_MBps");
        double mpi = m.get("compare.mpi-fm1.4096B_MBps");
        double fmUs = 4096 / fm1;
        double mpiUs = 4096 / mpi;
        assertEquals(132.2, fmUs, 0.5, "FM 1.x: " + fm1 + " MB/s");
        assertTrue(mpiUs > fmUs + 10 && mpiUs <= fmUs + gatherUs, "MPI: " + mpi + " MB/s, " + mpiUs + " us a message");
        assertEquals("39bf3415ad2c18d8", r.digest());
    }
}
