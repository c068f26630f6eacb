package org.nowemu.protocol.fm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.fm.fm2.Fm2;
import org.nowemu.protocol.fm.fm2.Fm2Handler;
import org.nowemu.protocol.fm.fm2.FmStream;
import org.nowemu.protocol.fm.fm2.Fm2Program;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** FM 2.x receiver flow control: FM_extract(maxbytes) stops at the limit, and credits hold the sender back. */
class Fm2ExtractLimitTest {
    private static final long MS = 1_000_000_000L;

    /**
     * Two hosts, 8 receive slots: host 0 has C = 8 credits for host 1, returned once 4 are owed. Host 0 sends 20
     * one-packet messages of 1 KB, message k's bytes all k. Host 1 does nothing for 1 ms, so host 0 sends 8 (each
     * about 13 us) and then waits for credits. At 1 ms host 1 calls FM_extract(2048): two packets of 1024 bytes
     * reach the limit, it returns 2048 with two handlers run; FM_extract(1): one packet, rounded up, 1024; host 1
     * now owes 3 credits, below the threshold, so host 0 still waits; FM_extract(1024): the fourth, 4 owed, a credit
     * packet of 4 goes back. Host 1 then sleeps 1 ms: host 0 sends messages 8..11 and waits again, the other 8
     * staying unextracted in host 1's receive area, untouched. Then host 1 extracts everything: 20 messages, in
     * order, each byte as sent: nothing lost, nothing overwritten (an arrival into a slot not yet consumed would
     * fail the run).
     */
    @Test
    void extractStopsAtItsLimitAndTheSenderWaitsForCreditsWithNothingLost() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.fm.receive-slots = 8");
        FmSettings s = (FmSettings) Systems.settings(r, "fm2");
        assertEquals(8, s.credits(2));
        assertEquals(4, s.returnThreshold(2));
        long[] sentAt = new long[20];
        List<Integer> got = new ArrayList<>();
        int[] returned = new int[3];
        long[] at = new long[4];
        RunResult res = Systems.run(Systems.pair(r, "fm2", Fm2Program.class, new Twenty(sentAt),
                new LimitedExtracts(got, returned, at)));
        assertEquals(List.of(2048, 1024, 1024), List.of(returned[0], returned[1], returned[2]));
        for (int k = 0; k < 8; k++) {
            assertTrue(sentAt[k] < at[0], "message " + k + " went on its initial credits");
        }
        assertTrue(sentAt[8] > at[1], "no credit came back while host 1 owed fewer than 4");
        assertTrue(sentAt[11] < at[3], "the 4 credits returned let messages 8..11 go during host 1's sleep");
        assertTrue(sentAt[12] > at[3], "message 12 waited until host 1 extracted again");
        List<Integer> expected = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            expected.add(k);
        }
        assertEquals(expected, got);
        assertTrue(res.counter("fm.credit_waits") >= 2);
        assertEquals(20, res.counter("fm.delivered"));
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(20, res.ledger().handledOnce());
    }

    /** Messages 0..19 of 1 KB, every byte k, to host 1's handler 1; sentAt[k] is when message k's end returned. */
    private record Twenty(long[] sentAt) implements Fm2Program {
        @Override
        public void run(Fm2 fm) {
            for (int k = 0; k < 20; k++) {
                byte[] m = new byte[1024];
                java.util.Arrays.fill(m, (byte) k);
                FmStream out = fm.beginMessage(1, 1024, 1);
                fm.sendPiece(out, m);
                fm.endMessage(out);
                sentAt[k] = fm.now();
            }
        }
    }

    /** Takes a whole message, checks its bytes are all alike, and notes its number in {@code got}. */
    private record Whole(Fm2 fm, List<Integer> got) implements Fm2Handler {
        @Override
        public int handle(FmStream in, int sender) {
            byte[] m = new byte[in.size()];
            fm.receive(m, in, in.size());
            for (byte b : m) {
                assertEquals(m[0], b, "every byte of message " + m[0]);
            }
            got.add((int) m[0]);
            return Fm2.CONTINUE;
        }
    }

    /**
     * At 1 ms FM_extract(2048), (1) and (1024), their returns in {@code returned}; sleeps 1 ms; then extracts all.
     * at[0..3]: before the first extract, before the third, after it, after the sleep.
     */
    private record LimitedExtracts(List<Integer> got, int[] returned, long[] at) implements Fm2Program {
        @Override
        public void run(Fm2 fm) {
            fm.register(1, new Whole(fm, got));
            fm.computeFor(MS);
            at[0] = fm.now();
            returned[0] = fm.extract(2048);
            assertEquals(2, got.size(), "FM_extract(2048) runs two 1 KB packets' handlers");
            returned[1] = fm.extract(1);
            assertEquals(3, got.size(), "FM_extract(1) runs one packet, the limit rounded up");
            at[1] = fm.now();
            returned[2] = fm.extract(1024);
            assertEquals(4, got.size());
            at[2] = fm.now();
            fm.computeFor(MS);
            at[3] = fm.now();
            fm.extractUntil(() -> got.size() == 20);
        }
    }
}
