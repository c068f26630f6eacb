package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BIP in compare, kept small: FM 2.x and BIP on the pairs (h0, h1) and (h2, h3) of a chain of two switches with three
 * hosts each, so BIP's pair straddles the cable between the switches (and, on two JVMs, the cut between the
 * members: its long messages' packets and the back-pressure that holds them cross it); 4 B, 2 KB and 16 KB
 * messages (short, and long ones in 4 and 32 packets), a few round trips and short streams. Exit 0 (a kept ledger),
 * nothing lost or duplicated, and one and two JVMs give the same digest, metrics and invariants. The curves have
 * the shape the mechanisms give them: latency rises with size, bandwidth rises and saturates, N½ lies between the
 * two sizes whose rates straddle half the peak.
 */
class BipCompareTest extends MemberJvmsTest {
    @Test
    void bipRunsCompareWithAKeptLedgerAndTheSameDigestOnOneAndTwoJvms() throws IOException {
        List<Jvms.Run> runs = Jvms.oneAndTwo(tmp, "compare", Jvms.compare("[fm2, bip]", "[4, 2048, 16384]", "64KiB",
                "nowemu.topology.chain.hosts-per-switch=3"));
        for (Jvms.Run run : runs) {
            JsonNode inv = run.results().get("invariants");
            assertEquals(0, inv.get("lost").asLong(), inv.toString());
            assertEquals(0, inv.get("duplicated").asLong(), inv.toString());
            assertEquals(inv.get("sent").asLong(), inv.get("handled").asLong(), inv.toString());
        }
        JsonNode r = runs.get(0).results();
        JsonNode m = r.get("metrics");
        for (String stack : List.of("fm2", "bip")) {
            String k = "compare." + stack + ".";
            double[] lat = {m.get(k + "4B.latency_us").asDouble(), m.get(k + "2048B.latency_us").asDouble(),
                    m.get(k + "16384B.latency_us").asDouble()};
            double[] rate = {m.get(k + "4B_MBps").asDouble(), m.get(k + "2048B_MBps").asDouble(),
                    m.get(k + "16384B_MBps").asDouble()};
            double peak = m.get(k + "peak_MBps").asDouble();
            // Latency rises with size, each step by at least its extra bytes' time on a link (160 MB/s,
            // the link's 1.28 Gbit/s, which every byte crosses): 12.8 us, then 89.6 us.
            assertTrue(lat[1] - lat[0] >= 2044 / 160.0 && lat[2] - lat[1] >= 14336 / 160.0,
                    stack + ": latency rises with size: " + java.util.Arrays.toString(lat));
            // Bandwidth saturates: it rises with size, but each byte added gains less (a message's fixed
            // costs are spread over more bytes until the slowest stage's rate is all that is left).
            assertTrue(rate[0] < rate[1] && rate[1] < rate[2], stack + ": " + java.util.Arrays.toString(rate));
            assertTrue((rate[1] - rate[0]) / 2044 > (rate[2] - rate[1]) / 14336,
                    stack + ": bandwidth saturates: " + java.util.Arrays.toString(rate));
            // N½ lies between the last size below half the peak and the first at or above it.
            double nHalf = m.get(k + "half_power_bytes").asDouble();
            int above = rate[1] >= peak / 2 ? 1 : 2;
            int[] sizes = {4, 2048, 16384};
            assertTrue(rate[0] < peak / 2 && nHalf > sizes[above - 1] && nHalf <= sizes[above],
                    stack + " N½ " + nHalf + " with " + java.util.Arrays.toString(rate));
        }
    }
}
