package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DMA-based systems (Trapeze, U-Net, U-Net/MM, VMMC, VMMC-2) in {@code compare}, kept small: a pair each on a
 * chain of two switches with five hosts each, so the third pair (h4, h5) straddles the cut cable; 4 B and 8 KB
 * messages, a few round trips and short streams. Every stack is measured, the ledger is clean (nothing lost; the
 * unreliable ones would have their drops counted, not a failure), and one and two JVMs give the same digest, metrics
 * and invariants.
 */
class DmaSystemsCompareTest {
    private static final List<String> STACKS = List.of("trapeze", "unet", "unet-mm", "vmmc", "vmmc2");

    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * Ledger entries by hand: per pair and size, 2 + 3 round trips (10 messages), then a stream of
     * ceil(16 KiB / size) messages held within 4..16 (4 B: 16; 8 KB: 4) and the receiver's 4-byte answer: 42 messages.
     * Trapeze and U-Net cut an 8 KB message into two 4 KB packets, each its own ledger entry: 4 B, 10 + 16 + 1;
     * 8 KB, 2 x (10 + 4) + 1: 56. VMMC and VMMC-2 enter each request: 42. In all 3 x 56 + 2 x 42 = 252, each handled
     * once.
     */
    @Test
    void everyDmaSystemRunsCompareWithACleanLedgerAndTheSameDigestOnOneAndTwoJvms() throws IOException {
        List<String> run = List.of("compare", "--set", "nowemu.compare.stacks=[" + String.join(", ", STACKS) + "]",
                "--set", "nowemu.compare.sizes=[4, 8192]", "--set", "nowemu.compare.warmup=2",
                "--set", "nowemu.compare.round-trips=3", "--set", "nowemu.compare.stream-bytes=16KiB",
                "--set", "nowemu.compare.max-stream-messages=16", "--set", "nowemu.topology.chain.switches=2",
                "--set", "nowemu.topology.chain.hosts-per-switch=5");
        JsonNode one = null;
        for (int jvms = 1; jvms <= 2; jvms++) {
            Path out = tmp.resolve("compare-" + jvms);
            List<String> args = new ArrayList<>(List.of("run"));
            args.addAll(run);
            args.addAll(List.of("--jvms", String.valueOf(jvms), "--out", out.toString()));
            CommandLineTest.Outcome o = nowemu(args.toArray(new String[0]));
            assertEquals(0, o.code(), o.err());
            JsonNode r = new ObjectMapper().readTree(out.resolve("results.json").toFile());
            if (one == null) {
                one = r;
                JsonNode inv = r.get("invariants");
                assertEquals(252, inv.get("sent").asLong(), inv.toString());
                assertEquals(252, inv.get("handled").asLong(), inv.toString());
                assertEquals(0, inv.get("lost").asLong(), inv.toString());
                for (String stack : STACKS) {
                    for (String k : List.of("4B.latency_us", "8192B_MBps", "latency_us", "peak_MBps")) {
                        assertTrue(r.get("metrics").has("compare." + stack + "." + k), stack + " " + k);
                    }
                }
            } else {
                assertEquals(one.get("digest").asText(), r.get("digest").asText(), "compare on two JVMs");
                assertEquals(one.get("metrics"), r.get("metrics"), "compare on two JVMs");
                assertEquals(one.get("invariants"), r.get("invariants"), "compare on two JVMs");
            }
        }
    }
}
