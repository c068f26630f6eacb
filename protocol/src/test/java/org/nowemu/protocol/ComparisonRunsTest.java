package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
 * Seeded end-to-end runs of each comparison stack on ppro, four hosts on one switch: hosts 0 and 1 ping-pong
 * 15 round trips of 4 bytes and then host 0 streams 8 messages of 3000 bytes to host 1, while host 2 streams 8 of
 * 5000 bytes to host 3. The same digest in one partition and in two (and, for MPI over FM 2.x, whose handlers are
 * continuations on other Java threads, on two dispatcher threads), pinned, and the counters and ledger each stack's
 * mechanism implies.
 */
class ComparisonRunsTest {
    /**
     * Pinned digests; a change of behaviour or costs changes them (say which and why when re-pinning). mpi-fm1
     * re-pinned when MPI's sends began extracting while they wait for FM's credits.
     */
    private static final Map<String, String> DIGESTS = Map.of(
            "basic", "202bb22127d96176", "basic1k", "e43b17a9ce4c45f2", "fm1", "e1672792666994d3",
            "fm2", "586a550412e17572", "mpi-fm1", "d309cab533deaf11", "mpi-fm2", "bdd43f1908c41ee3");

    /**
     * Ledger entries and data packets, by hand. Messages: 15 pings and 15 pongs, 8 + 8 streamed, 2 answers of the
     * streams' receivers: 48. The basic protocol's ledger holds packets: a 4-byte message is one, 3000 bytes are 12
     * packets of 256 (3 of 1 KB), 5000 bytes 20 (5): 30 + 96 + 160 + 2 = 288 (30 + 24 + 40 + 2 = 96 for basic1k).
     * FM's ledger holds its 48 messages; MPI's holds its 48 and FM's 48 beneath. FM data packets: fm1 cuts 3000 B
     * into 24 packets of 128 and 5000 B into 40, so 30 + 192 + 320 + 2 = 544; fm2 into 3 and 5 of 1 KB: 96. MPI adds
     * 24 bytes of header: 3024 B and 5024 B take as many packets (24, 40; 3, 5), so the same counts.
     */
    private static final Map<String, long[]> LEDGER_AND_PACKETS = Map.of(
            "basic", new long[] {288, 288}, "basic1k", new long[] {96, 96}, "fm1", new long[] {48, 544},
            "fm2", new long[] {48, 96}, "mpi-fm1", new long[] {96, 544}, "mpi-fm2", new long[] {96, 96});

    @continuable
    private static RunResult run(ConfigReader r, String stack, int lanes) {
        Cluster c = Systems.cluster(r, stack, Systems::pingPongAndStreams);
        return Emulation.run(c.model(), new RuntimeSettings(11, lanes, false, 0), Systems.HORIZON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"basic", "basic1k", "fm1", "fm2", "mpi-fm1", "mpi-fm2"})
    void aSeededRunHasOneDigestWhateverItsPartitionsAndKeepsItsLedger(String stack) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = 4");
        RunResult one = run(r, stack, 1);
        // One switch is one share (a switch with its hosts is never cut): two lanes asked, one runs.
        assertEquals(one.digest(), run(r, stack, 2).digest(), "the same run with one lane asked and with two");
        assertEquals(DIGESTS.get(stack), one.digest(), stack + " pinned digest");
        assertTrue(one.ledger().kept(), one.ledger().toString());
        long[] expected = LEDGER_AND_PACKETS.get(stack);
        assertEquals(expected[0], one.ledger().sent());
        assertEquals(expected[0], one.ledger().handledOnce());
        assertEquals(expected[1], one.counter(stack.startsWith("basic") ? "basic.delivered" : "fm.delivered"));
        if (stack.startsWith("mpi")) {
            // A 5000-byte message is 40 of FM 1.x's 128-byte packets, 8 of them 320, against 128 / 3 = 42 credits:
            // MPI over FM 1.x's senders wait for credits and extract meanwhile; over FM 2.x's 1 KiB packets, 40 in
            // all, they never wait.
            boolean waits = stack.equals("mpi-fm1");
            assertEquals(waits, one.counter("fm.credit_waits") > 0, stack + ": credit waits");
            assertEquals(waits, one.counter("mpi.progress_extracts") > 0, stack + ": extracts while waiting");
        }
    }
}
