package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.nowemu.tests.CommandLineTest.nowemu;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DMA-based systems (Trapeze, U-Net, U-Net/MM, VMMC, VMMC-2) in {@code compare}, kept small: a pair each on a
 * chain of two switches with five hosts each, so the third pair (h4, h5) straddles the cut cable; 4 B and 8 KB
 * messages, a few round trips and short streams. Every stack is measured (latency rising with size by at least
 * the extra bytes' time on a link, 4 B messages below half the peak bandwidth, which 8 KB ones reach), the ledger is
 * clean (nothing lost; the unreliable ones would have their drops counted, not a failure), and one and two JVMs give
 * the same digest, metrics and invariants.
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
        JsonNode r = Jvms.oneAndTwo(tmp, "compare", Jvms.compare("[" + String.join(", ", STACKS) + "]", "[4, 8192]",
                "16KiB", "nowemu.topology.chain.hosts-per-switch=5")).get(0).results();
        JsonNode inv = r.get("invariants");
        assertEquals(252, inv.get("sent").asLong(), inv.toString());
        assertEquals(252, inv.get("handled").asLong(), inv.toString());
        assertEquals(0, inv.get("lost").asLong(), inv.toString());
        JsonNode m = r.get("metrics");
        for (String stack : STACKS) {
            // 8,188 more bytes cross every cable, at the link's 160 MB/s at best: at least 51.2 us more latency.
            Jvms.assertSmallAndLarge(m, stack, 4, 8192);
        }
    }
}
