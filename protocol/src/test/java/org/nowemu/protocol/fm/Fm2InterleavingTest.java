package org.nowemu.protocol.fm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.fm.fm2.Fm2;
import org.nowemu.protocol.fm.fm2.Fm2Handler;
import org.nowemu.protocol.fm.fm2.FmStream;
import org.nowemu.protocol.fm.fm2.Fm2Program;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** FM 2.x: handlers start on the first packet, run interleaved, and each reads its own bytes in order. */
class Fm2InterleavingTest {
    private static final int HANDLER = 7;

    /** Byte {@code i} of host {@code sender}'s message {@code k}. */
    private static byte pattern(int sender, int k, int i) {
        return (byte) (sender * 31 + k * 13 + i * 7);
    }

    private static byte[] message(int sender, int k, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = pattern(sender, k, i);
        }
        return b;
    }

    /**
     * Hosts 0 and 1 each send host 2 one message of 3 KB, three packets of 1 KB; host 1 starts 6 us after host 0.
     * A sender writes a 1 KB packet into a send slot by PIO in about 13.3 us (256 words at 48 ns, plus header, flag
     * and the slot's flag read), so host 0's packets reach host 2 about every 13.3 us and host 1's, 6 us behind,
     * fall between them: host 2's receive area holds A1 B1 A2 B2 A3 B3 (A = host 0's, B = host 1's). Host 2 waits
     * 300 us, until all six are there, then extracts. Each handler takes its message 512 bytes at a time:
     * A1 starts A's handler, which takes A's bytes 0 and 512, asks for 1024 and is suspended; B1 starts B's, which
     * takes B's 0 and 512 and is suspended; A2 resumes A (1024, 1536, suspended), B2 resumes B (likewise), A3 lets
     * A finish (2048, 2560), B3 lets B finish. So both handlers are pending at once, each reads its bytes in order,
     * and there are four suspensions, each costing a handler switch.
     */
    @Test
    void twoLongMessagesArrivingInterleavedRunTwoHandlersEachReadingItsBytesInOrder() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = 3");
        FmSettings s = (FmSettings) Systems.settings(r, "fm2");
        List<String> log = new ArrayList<>();
        int[] handled = new int[1];
        RunResult res = Systems.run(Systems.cluster(r, "fm2", Fm2Program.class,
                h -> h < 2 ? new OneLong(h) : new InPieces(log, handled)));
        assertEquals(List.of("0@0", "0@512", "1@0", "1@512", "0@1024", "0@1536", "1@1024", "1@1536", "0@2048",
                "0@2560", "1@2048", "1@2560"), log);
        assertEquals(4, res.counter("fm.handler_suspensions"));
        assertEquals(6, res.counter("fm.delivered"));
        Ledger l = res.ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(2, l.handledOnce());
    }

    /**
     * Sixty messages of five sizes (4 B to 3001 B: one to three packets) from host 0 to host 1, each starting with
     * its number: host 1's handler takes each in pieces of 100 bytes and sees the numbers 0..59 in order, every
     * byte as sent. Host 1 extracts as they come, so handlers of multi-packet messages are suspended on the way.
     */
    @Test
    void messagesFromOneSenderAreHandledInTheOrderSentWithEveryByteIntact() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        FmSettings s = (FmSettings) Systems.settings(r, "fm2");
        int[] sizes = {4, 100, 1024, 1500, 3001};
        List<Integer> seen = new ArrayList<>();
        RunResult res = Systems.run(Systems.pair(r, "fm2", Fm2Program.class, new Sixty(sizes),
                new Numbers(sizes, seen)));
        List<Integer> expected = new ArrayList<>();
        for (int k = 0; k < 60; k++) {
            expected.add(k);
        }
        assertEquals(expected, seen);
        assertTrue(res.counter("fm.handler_suspensions") > 0, "multi-packet handlers waited for their packets");
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(60, res.ledger().handledOnce());
    }

    /** One message of 3 KB from this host to host 2, started h x 6 us in. */
    private record OneLong(int h) implements Fm2Program {
        @Override
        public void run(Fm2 fm) {
            fm.computeFor(h * 6_000_000L);
            FmStream out = fm.beginMessage(2, 3072, HANDLER);
            fm.sendPiece(out, message(h, 0, 3072));
            fm.endMessage(out);
        }
    }

    /** Takes a message 512 bytes at a time, logging "sender@offset" and checking each piece; counts it. */
    private record Halves(Fm2 fm, List<String> log, int[] handled) implements Fm2Handler {
        @Override
        public int handle(FmStream in, int sender) {
            byte[] part = new byte[512];
            for (int off = 0; off < in.size(); off += 512) {
                fm.receive(part, in, 512);
                log.add(sender + "@" + off);
                byte[] want = java.util.Arrays.copyOfRange(message(sender, 0, 3072), off, off + 512);
                assertArrayEquals(want, part, "bytes " + off + ".. of host " + sender + "'s message");
            }
            handled[0]++;
            return Fm2.CONTINUE;
        }
    }

    /** Waits 300 us, then extracts until two messages were taken in pieces ({@link Halves}). */
    private record InPieces(List<String> log, int[] handled) implements Fm2Program {
        @Override
        public void run(Fm2 fm) {
            fm.register(HANDLER, new Halves(fm, log, handled));
            fm.computeFor(300_000_000L);
            fm.extractUntil(() -> handled[0] == 2);
        }
    }

    /** Messages 0..59 to host 1, sized in turn from {@code sizes}, numbered in their first int, in two pieces each. */
    private record Sixty(int[] sizes) implements Fm2Program {
        @Override
        public void run(Fm2 fm) {
            for (int k = 0; k < 60; k++) {
                byte[] m = message(0, k, sizes[k % sizes.length]);
                java.nio.ByteBuffer.wrap(m).putInt(k);
                FmStream out = fm.beginMessage(1, m.length, HANDLER);
                fm.sendPiece(out, m, 0, Math.min(10, m.length));
                fm.sendPiece(out, m, Math.min(10, m.length), m.length - Math.min(10, m.length));
                fm.endMessage(out);
            }
        }
    }

    /** Takes a message 100 bytes at a time, checks it, and notes its number in {@code seen}. */
    private record Hundreds(Fm2 fm, int[] sizes, List<Integer> seen) implements Fm2Handler {
        @Override
        public int handle(FmStream in, int sender) {
            byte[] whole = new byte[in.size()];
            for (int off = 0; off < whole.length; off += 100) {
                fm.receive(whole, off, in, Math.min(100, whole.length - off));
            }
            int k = java.nio.ByteBuffer.wrap(whole).getInt();
            byte[] want = message(0, k, sizes[k % sizes.length]);
            java.nio.ByteBuffer.wrap(want).putInt(k);
            assertArrayEquals(want, whole, "message " + k);
            seen.add(k);
            return Fm2.CONTINUE;
        }
    }

    /** Extracts until 60 messages were taken in pieces ({@link Hundreds}). */
    private record Numbers(int[] sizes, List<Integer> seen) implements Fm2Program {
        @Override
        public void run(Fm2 fm) {
            fm.register(HANDLER, new Hundreds(fm, sizes, seen));
            fm.extractUntil(() -> seen.size() == 60);
        }
    }
}
