package org.nowemu.protocol.bip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.parts.bench.Streaming;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * A seeded end-to-end run of BIP on ppro, four hosts on one switch, the same programs as ComparisonRunsTest's: hosts
 * 0 and 1 ping-pong 15 round trips of 4 bytes, then host 0 streams 8 messages of 3000 bytes to host 1 while host 2
 * streams 8 of 5000 bytes to host 3, each stream's receiver answering with 4 bytes. The same digest in one partition
 * and in two, pinned; the ledger kept; the counters the mechanisms imply.
 */
class BipRunsTest {
    /** Pinned; a change of behaviour or costs changes it (say which and why when re-pinning). */
    private static final String DIGEST = "67b1d47c6e9b89db";

    @continuable
    private static RunResult run(ConfigReader r, int partitions) {
        Cluster c = Systems.cluster(r, "bip", Systems::pingPongAndStreams);
        return Emulation.run(c.model(), new RuntimeSettings(11, partitions, false, 0), Systems.HORIZON);
    }

    /**
     * By hand: 48 messages (30 pings and pongs, 16 streamed, 2 answers). The 4-byte ones (32) are short, through the
     * rings; the 16 streamed ones are long (above 1 KB): 3000 B and 5000 B each pin the sender's one or two pages
     * once and the receiver's buffer once, so the pins are the first messages' only. The pipeline model (PacketSizes)
     * cuts 3000 B into 6 packets of 500 B and 5000 B into 9 of 556 B (the last 552): 8 x 6 + 8 x 9 = 120 long
     * packets.
     */
    @Test
    void aSeededRunHasOneDigestWhateverItsPartitionsAndKeepsItsLedger() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = 4");
        RunResult one = run(r, 1);
        assertEquals(one.digest(), run(r, 2).digest(), "the same run in one partition and in two");
        assertTrue(one.ledger().kept(), one.ledger().toString());
        assertEquals(48, one.ledger().sent());
        assertEquals(48, one.ledger().handledOnce());
        assertEquals(32, one.counter("bip.ring_delivered"));
        assertEquals(16, one.counter("bip.long_delivered"));
        assertEquals(120, one.counter("bip.long_packets_delivered"));
        assertEquals(120, one.counter("bip.long_packets_sent"));
        assertEquals(DIGEST, one.digest(), "pinned digest");
    }
}
