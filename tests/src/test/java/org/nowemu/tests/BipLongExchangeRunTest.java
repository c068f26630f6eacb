package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BIP on ppro, two ranks exchanging messages of its long, rendezvous size, end to end from a traffic file. */
class BipLongExchangeRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    /**
     * A 2-rank allreduce of 5,600 B: each rank sends the other 5,600 B, then receives. It failed some 250 ms in with
     * "h0.recv: flit 2147483647 of packet ... arrived without its head". The two blocking long sends deadlock in
     * the network (protocol's BipExchangeTest works it out): neither rank posts its receive while its send waits for
     * its last packet to get into its NIC, and neither NIC drains a long message without a posted receive. The
     * switches reset the blocked paths after 50 ms; one reset was of a packet whose head had not left its switch,
     * which sent a truncated tail to h0 all the same, and h0's receive DMA had no packet to end. Now the run goes
     * on to what BIP makes of the resets: a packet of a message dropped as damaged, the messages never complete,
     * and the run fails (exit 1) naming the motif job that did not finish and the messages the ledger lost.
     */
    @Test
    void theDeadlockedExchangeEndsWithLostMessagesNotAHeadlessFlit() throws IOException {
        Path conf = tmp.resolve("bip.conf");
        Files.writeString(conf, """
                nowemu {
                  workload = traffic
                  hardware.profile = ppro
                  topology.name = fat-tree
                  traffic.jobs.a {
                    stack = bip
                    hosts = "first 2"
                    phases = [{motif = allreduce, bytes = 5600, iterations = 5}]
                  }
                }
                """);
        CommandLineTest.Outcome o = nowemu("run", conf.toString(), "--out", tmp.resolve("out").toString());
        assertEquals(1, o.code(), o.err());
        assertFalse(o.err().contains("without its head"), o.err());
        assertTrue(o.err().contains("motif job a (bip): 0 of 2 ranks finished"), o.err());
        assertTrue(o.err().contains("ledger broken: 2 lost, 0 duplicated"), o.err());
        assertTrue(o.out().contains("15a739dbc491c1d1"), "digest: " + o.out());
    }
}
