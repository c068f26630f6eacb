package org.nowemu.protocol.lfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * LFC's multicast, forwarded by the NICs along the tree with NIC-level (child) credits: every member gets every
 * message exactly once and in order from each root, and no NIC buffer overflows (an overflow fails the run in
 * {@code ForwardingBuffers}) even with every host broadcasting at once.
 */
class LfcMulticastTest {
    private static final String CLUSTER = "nowemu.hardware.profile = ppro\n"
            + "nowemu.topology.name = chain\nnowemu.topology.chain.switches = 4\n"
            + "nowemu.topology.chain.hosts-per-switch = 4\n";

    private static byte[] message(int root, int k, int size) {
        byte[] b = new byte[size];
        ByteBuffer.wrap(b).putInt(root).putInt(k);
        return b;
    }

    /**
     * 16 hosts each broadcast 12 messages of 1.5 KB (two packets) to all: 16 x 15 x 12 = 2,880 messages handled,
     * 5,760 packets copied into host rings, and each packet of each broadcast crosses the 15 tree edges once (the
     * root's 1 or 2 sends and 15 - 2 forwards by the others): 16 x 12 x 2 x (15 - 2) = 4,992 forwards. With 2
     * credits per sender and 4-slot host rings, senders run out of credits and rings fill, so both flow controls are
     * exercised; none lets a buffer overflow, and nothing is lost, duplicated or reordered.
     */
    @Test
    void everyHostBroadcastingAtOnceDeliversEveryMessageOnceInOrderWithoutOverflow() {
        ConfigReader r = AmNets.config(CLUSTER + "nowemu.protocol.lfc.nic-credits = 2\n"
                + "nowemu.protocol.lfc.receive-slots = 4\n");
        int hosts = 16;
        int each = 12;
        int size = 1536;
        int[][] next = new int[hosts][hosts];
        RunResult res = Systems.run(Systems.cluster(r, "lfc-poll", LfcProgram.class,
                h -> new Member(h, hosts, each, size, next)));
        for (int h = 0; h < hosts; h++) {
            for (int s = 0; s < hosts; s++) {
                assertEquals(s == h ? 0 : each, next[h][s], "host " + h + " from " + s);
            }
        }
        assertEquals(hosts * (hosts - 1) * each, res.counter("lfc.handled"));
        assertEquals(hosts * (hosts - 1) * each * 2, res.counter("lfc.delivered"));
        assertEquals(hosts * each * 2 * (hosts - 1 - 2), res.counter("lfc.forwarded"));
        assertTrue(res.counter("lfc.credit_waits") > 100, "senders waited for credits");
        assertTrue(res.counter("lfc.held_for_host") > 0, "rings filled and packets waited in SRAM");
        assertTrue(res.counter("lfc.buffers_high_water") <= hosts * 2, "never above 2 buffers a sender per NIC");
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(hosts * (hosts - 1) * each, res.ledger().handledOnce());
    }

    /** Unicast: a fast sender, a receiver computing 30 us per message, 2 credits: held back by the NIC, no loss. */
    @Test
    void unicastCreditsHoldAFastSenderBackAtTheNic() {
        ConfigReader r = AmNets.config(CLUSTER + "nowemu.protocol.lfc.nic-credits = 2\n"
                + "nowemu.protocol.lfc.receive-slots = 2\n");
        int[] got = {0};
        RunResult res = Systems.run(Systems.pair(r, "lfc-poll", LfcProgram.class, new Fifty(), new SlowUpcalls(got)));
        assertEquals(50, got[0]);
        assertTrue(res.counter("lfc.credit_waits") > 10, "the sender's NIC queued packets for want of credits");
        assertTrue(res.ledger().kept(), res.ledger().toString());
    }

    /**
     * Host h multicasts {@code each} numbered messages of {@code size} bytes to all (polling after each), and waits
     * for every other host's; next[h][s] counts, and checks the order of, what came from s.
     */
    private record Member(int h, int hosts, int each, int size, int[][] next) implements LfcProgram {
        @Override
        public void run(Lfc lfc) {
            int[] got = {0};
            lfc.upcall(new Counted(h, size, next, got));
            for (int k = 0; k < each; k++) {
                lfc.multicast(0, hosts, message(h, k, size), size);
                lfc.poll();
            }
            lfc.waitUntil(() -> got[0] == (hosts - 1) * each, Long.MAX_VALUE);
        }
    }

    /** Checks that a multicast of {@code size} bytes is the next from its sender, and counts it in got[0]. */
    private record Counted(int h, int size, int[][] next, int[] got) implements Lfc.Upcall {
        @Override
        public void handle(byte[] buf, int n, int sender, boolean multicast) {
            ByteBuffer b = ByteBuffer.wrap(buf);
            assertTrue(multicast);
            assertEquals(size, n);
            assertEquals(sender, b.getInt());
            assertEquals(next[h][sender]++, b.getInt(), "host " + h + " from " + sender);
            got[0]++;
        }
    }

    /** 50 unicasts of 64 B to host 1; then waits 5 ms. */
    private record Fifty() implements LfcProgram {
        @Override
        public void run(Lfc lfc) {
            for (int k = 0; k < 50; k++) {
                lfc.send(1, message(0, k, 64), 64);
            }
            lfc.waitUntil(() -> false, 5_000_000_000L);
        }
    }

    /** Spends 30 us in each upcall, checking the messages come in order, until got[0] counts 50. */
    private record SlowUpcalls(int[] got) implements LfcProgram {
        @Override
        public void run(Lfc lfc) {
            lfc.upcall(new InOrder(lfc, got));
            lfc.waitUntil(() -> got[0] == 50, Long.MAX_VALUE);
        }
    }

    /** Checks the message is the next in order (its number at byte 4), counts it, and spends 30 us on it. */
    private record InOrder(Lfc lfc, int[] got) implements Lfc.Upcall {
        @Override
        public void handle(byte[] buf, int n, int sender, boolean m) {
            assertEquals(got[0]++, ByteBuffer.wrap(buf).getInt(4));
            lfc.compute(30_000_000L);
        }
    }
}
