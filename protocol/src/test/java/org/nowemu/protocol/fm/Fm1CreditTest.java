package org.nowemu.protocol.fm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.fm.fm1.Fm1;
import org.nowemu.protocol.fm.fm1.Fm1Program;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** FM 1.x host-level credits: a sender with none left waits for the receiver to return some; nothing is dropped. */
class Fm1CreditTest {
    private static byte[] message(int k) {
        byte[] b = new byte[384];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (k * 17 + i);
        }
        return b;
    }

    /**
     * Two hosts, 8 receive slots: C = 8 credits, returned 4 at a time (host 1 sends no data back to piggy-back them
     * on). Host 0 sends 40 messages of 384 B, three 128-byte packets each: 120 packets. Host 1's handler computes
     * 50 us per message, far slower than host 0 can send. Packet p (from 0) needs p - 7 credits returned; credits
     * come back as 4 x floor(consumed / 4), so the last packet of message k (p = 3k + 2) waits until host 1 has
     * consumed at least 3k - 5 packets: all of message k - 3 (3k - 6 packets), whose handler runs before its last
     * packet is consumed. So message k is sent only after message k - 3's handler has returned, the sender waits on
     * credits all along, and still every message arrives once, in order, intact.
     */
    @Test
    void aSenderOutOfCreditsWaitsForTheSlowReceiverAndNothingIsDropped() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.fm.receive-slots = 8");
        assertEquals(128, ((FmSettings) Systems.settings(r, "fm1")).packetPayload());
        long[] sentAt = new long[40];
        long[] handledAt = new long[40];
        List<Integer> order = new ArrayList<>();
        RunResult res = Systems.run(Systems.pair(r, "fm1", Fm1Program.class, new Forty(sentAt),
                new SlowHandler(order, handledAt)));
        assertEquals(40, order.size());
        for (int k = 3; k < 40; k++) {
            assertTrue(sentAt[k] > handledAt[k - 3], "message " + k + " went only after message " + (k - 3)
                    + " was handled: " + sentAt[k] + " ps vs " + handledAt[k - 3] + " ps");
        }
        assertTrue(sentAt[1] < 100_000_000L, "the first messages went at once, on the initial credits");
        assertTrue(res.counter("fm.credit_waits") > 10, "the sender waited for credits again and again");
        assertEquals(120, res.counter("fm.delivered"));
        assertEquals(30, res.counter("fm.credit_packets_sent"), "120 packets consumed, returned 4 at a time");
        res.counters().forEach((k, v) -> assertTrue(!k.startsWith("fm.dropped") || v == 0, k + " = " + v));
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(40, res.ledger().handledOnce());
    }

    /** Messages 0..39 of 384 B to host 1's handler 3; sentAt[k] is when FM_send of message k returned. */
    private record Forty(long[] sentAt) implements Fm1Program {
        @Override
        public void run(Fm1 fm) {
            for (int k = 0; k < 40; k++) {
                fm.send(1, 3, message(k), 384);
                sentAt[k] = fm.now();
            }
        }
    }

    /** Handler 3 checks each message's bytes and spends 50 us on it; handledAt[k] is when message k's ended. */
    private record SlowHandler(List<Integer> order, long[] handledAt) implements Fm1Program {
        @Override
        public void run(Fm1 fm) {
            fm.register(3, (buf, size, sender) -> {
                int k = order.size();
                assertEquals(384, size);
                assertArrayEquals(message(k), java.util.Arrays.copyOf(buf, size), "message " + k);
                order.add(k);
                fm.computeFor(50_000_000L);
                handledAt[k] = fm.now();
            });
            fm.extractUntil(() -> order.size() == 40);
        }
    }

    /** FM_send_4: four words in one packet, handed to the handler as 16 contiguous bytes, in order with FM_send. */
    @Test
    void fmSend4DeliversFourWordsInOnePacket() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        List<String> got = new ArrayList<>();
        RunResult res = Systems.run(Systems.pair(r, "fm1", Fm1Program.class, new WordsAndBytes(), new Words(got)));
        assertEquals(List.of("1,2,3,4", "2 bytes from 0", "-1,0,7," + Integer.MAX_VALUE), got);
        assertEquals(3, res.counter("fm.delivered"), "one packet each");
    }

    /** FM_send_4 of 1, 2, 3, 4; FM_send of two bytes; FM_send_4 of -1, 0, 7, MAX_VALUE; all to handler 5. */
    private record WordsAndBytes() implements Fm1Program {
        @Override
        public void run(Fm1 fm) {
            fm.send4(1, 5, 1, 2, 3, 4);
            fm.send(1, 5, new byte[] {9, 9}, 2);
            fm.send4(1, 5, -1, 0, 7, Integer.MAX_VALUE);
        }
    }

    /** Handler 5 notes four words, or the size and sender of anything else, until three have come. */
    private record Words(List<String> got) implements Fm1Program {
        @Override
        public void run(Fm1 fm) {
            fm.register(5, (buf, size, sender) -> {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(buf, 0, size);
                got.add(size == 16 ? b.getInt() + "," + b.getInt() + "," + b.getInt() + "," + b.getInt()
                        : size + " bytes from " + sender);
            });
            fm.extractUntil(() -> got.size() == 3);
        }
    }
}
