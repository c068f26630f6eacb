package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FM's credits belong to its job. FM gives each process R / (P - 1) credits for each other process, P the processes
 * that share the receive area's R slots. In compare every stack runs on its own pair of the chain's 36 hosts: if P
 * were the run's hosts, FM would get 128 / 35 = 3 credits of 1 KB packets a peer (the default R = 128), and a
 * 64 KB stream, which needs more packets in flight than that to cover the credit loop, would stall on them (about
 * half its own-chain peak, seen before the fix: 38 against 75 MB/s). With P the hosts that run programs on the
 * same stack (2), each sender has all 128 slots, as on a chain of its own. So the FM stacks' peaks must equal those of the same stacks run alone,
 * each on its own pair (2% for the pairs' different places on the chain; they come out equal).
 */
class FmJobCreditsTest {
    @TempDir
    Path tmp;

    private static JsonNode metrics(Path out, String... sets) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("run", "compare", "--set", "nowemu.compare.sizes=[65536]",
                "--set", "nowemu.compare.warmup=1", "--set", "nowemu.compare.round-trips=2"));
        for (String s : sets) {
            args.addAll(List.of("--set", s));
        }
        return CommandLineTest.results(out, args).get("metrics");
    }

    @Test
    void fmStreamsAsFastBesideEveryOtherStackAsOnItsOwnChain() throws IOException {
        JsonNode all = metrics(tmp.resolve("all"));
        JsonNode alone = metrics(tmp.resolve("alone"), "nowemu.compare.stacks=[fm1, fm2, mpi-fm1, mpi-fm2, fmmc]",
                "nowemu.topology.chain.switches=5");
        for (String stack : List.of("fm1", "fm2", "mpi-fm1", "mpi-fm2", "fmmc")) {
            double own = alone.get("compare." + stack + ".peak_MBps").asDouble();
            assertEquals(own, all.get("compare." + stack + ".peak_MBps").asDouble(), own * 0.02,
                    stack + " beside all 18 stacks against alone");
        }
        // FM 2.x's calibrated peak (77 MB/s within 5%) holds in the default compare, not only on its own chain.
        assertEquals(77.0, all.get("compare.fm2.peak_MBps").asDouble(), 77.0 * 0.05);
    }
}
