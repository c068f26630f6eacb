package org.nowemu.protocol.parts.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.reliability.NicReliability.Verdict;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.FakeNic;

/**
 * Each reliability choice on one NIC, its peers played by the test: what it puts on the wire, what it takes,
 * holds or discards, and what it sends again. Settings: window 8, back-off 5 us, timeout 200 us, 20 retries,
 * 4 NIC credits returned by 2.
 */
class NicReliabilityTest {
    private static final ConfigReader R = AmNets.config("");
    private static final ReliabilitySettings S = ReliabilitySettings.read(R);

    /** The NIC under test and what it asked its firmware to do. */
    private static final class Rig implements NicReliability.Link {
        final FakeNic nic = new FakeNic(null);
        final List<RelFrame> out = new ArrayList<>();
        final List<Integer> outTo = new ArrayList<>();
        final List<Object> givenUp = new ArrayList<>();
        int mayGo;
        final NicReliability rel;

        Rig(Reliability c) {
            rel = new NicReliability(c, S, nic, 4, this);
        }

        @Override
        public void transmit(int dest, byte[] frame) {
            out.add(RelFrame.decode(frame));
            outTo.add(dest);
        }

        @Override
        public void mayGo() {
            mayGo++;
        }

        @Override
        public void gaveUp(int dest, Object token) {
            givenUp.add(token);
        }

        /** A frame from peer {@code src} arrives (the fake NICs all call themselves 0: the test names them). */
        NicReliability.Received from(int src, RelFrame f) {
            return rel.receive(new RelFrame(f.kind(), f.value(), src, f.seq(), f.payload()).encode());
        }

        /** Runs this NIC's timers due by {@code atPs}, in time order. */
        void fire(long atPs) {
            nic.runUntil(new org.nowemu.hardware.nic.Firmware() {
                @Override
                public void start(org.nowemu.hardware.nic.NicContext n) {
                }

                @Override
                public void handle(org.nowemu.hardware.nic.NicContext n, Object e) {
                    rel.onTimer(((org.nowemu.hardware.nic.NicEvent.Timer) e).tag());
                }
            }, atPs);
        }
    }

    @Test
    void aBadChoiceIsOneLineNamingTheKey() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> Reliability.parse(R, "nowemu.protocol.stacks.x.reliability", "tcp"));
        assertTrue(e.getMessage().contains("nowemu.protocol.stacks.x.reliability"), e.getMessage());
        assertEquals(Reliability.ACK_NACK, Reliability.parse(R, "k", "ack-nack"));
        assertTrue(Reliability.ACK_NACK.recovers() && Reliability.ALTERNATING_BIT.recovers());
        assertFalse(Reliability.NIC_CREDITS.recovers() || Reliability.BACKPRESSURE.recovers());
    }

    @Test
    void noneAndBackpressurePutNothingOnTheWireAndDifferWhenThereIsNoRoom() {
        Rig none = new Rig(Reliability.NONE);
        byte[] body = {1, 2, 3};
        assertEquals(body, none.rel.data(1, body, 0));
        var r = none.rel.receive(body);
        assertEquals(Verdict.DISCARD, none.rel.admit(r, false));
        assertEquals(Verdict.TAKE, none.rel.admit(r, true));
        Rig bp = new Rig(Reliability.BACKPRESSURE);
        assertEquals(Verdict.HOLD, bp.rel.admit(bp.rel.receive(body), false));
        assertTrue(none.out.isEmpty() && bp.out.isEmpty());
    }

    @Test
    void ackNackKeepsAWindowDiscardsWhatHasNoRoomAndGoesBackInOrder() {
        Rig tx = new Rig(Reliability.ACK_NACK);
        Rig rx = new Rig(Reliability.ACK_NACK);
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            assertTrue(tx.rel.maySend(1));
            frames.add(tx.rel.data(1, new byte[] {(byte) i}, i));
        }
        assertFalse(tx.rel.maySend(1), "the window of 8 is full");
        // The receiver takes 0 and 1, has no room for 2, so discards 2 and NACKs it, then discards 3..7 as out of
        // order, NACKing 2 for each.
        List<Verdict> v = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            v.add(rx.rel.admit(rx.rel.receive(frames.get(i)), i != 2));
        }
        assertEquals(List.of(Verdict.TAKE, Verdict.TAKE, Verdict.DISCARD, Verdict.DISCARD, Verdict.DISCARD,
                Verdict.DISCARD, Verdict.DISCARD, Verdict.DISCARD), v);
        assertEquals(2, rx.nic.count("rel.acks_sent"));
        assertEquals(6, rx.nic.count("rel.nacks_sent"));
        // The sender hears ACK 0, ACK 1, then six NACKs asking for 2: one go-back, after the back-off.
        for (RelFrame f : rx.out) {
            tx.from(1, f);
        }
        assertEquals(5, tx.nic.count("rel.stale_nacks"), "the later five NACKs are the same request");
        assertTrue(tx.rel.maySend(1), "ACK 1 freed two places");
        tx.fire(S.nackBackoffPs());
        List<Integer> resent = tx.out.stream().map(RelFrame::seq).toList();
        assertEquals(List.of(2, 3, 4, 5, 6, 7), resent);
        // Resent under a new stamp: now the receiver takes them in order.
        rx.out.clear();
        for (RelFrame f : tx.out) {
            assertEquals(Verdict.TAKE, rx.rel.admit(rx.rel.receive(f.encode()), true));
        }
        // A NACK carrying the old stamp (of a transmission already replaced) is ignored.
        tx.out.clear();
        tx.from(1, RelFrame.control(RelFrame.Kind.NACK, 0, 1, 7));
        tx.fire(10 * S.nackBackoffPs());
        assertTrue(tx.out.isEmpty(), "stale NACK: nothing resent");
    }

    @Test
    void theAlternatingBitTakesADuplicateForOneAndAcknowledgesItAgain() {
        Rig tx = new Rig(Reliability.ALTERNATING_BIT);
        Rig rx = new Rig(Reliability.ALTERNATING_BIT);
        byte[] f0 = tx.rel.data(1, new byte[] {7}, 0);
        assertFalse(tx.rel.maySend(1), "stop and wait");
        assertEquals(Verdict.TAKE, rx.rel.admit(rx.rel.receive(f0), true));
        // The ACK is lost: after the 200 us timeout the sender sends packet 0 again; the receiver's bit says
        // duplicate, and it ACKs again.
        tx.fire(S.timeoutPs());
        assertEquals(1, tx.out.size());
        assertEquals(Verdict.DISCARD, rx.rel.admit(rx.rel.receive(tx.out.get(0).encode()), true));
        assertEquals(1, rx.nic.count("rel.duplicates"));
        tx.from(1, rx.out.get(1));
        assertTrue(tx.rel.maySend(1));
    }

    @Test
    void silenceGivesPacketsUpAfterMaxRetries() {
        Rig tx = new Rig(Reliability.ALTERNATING_BIT);
        tx.rel.data(2, new byte[] {1}, "m0");
        for (int i = 1; i <= S.maxRetries() + 1; i++) {
            tx.fire(i * S.timeoutPs());
        }
        assertEquals(S.maxRetries(), tx.nic.count("rel.timeouts"));
        assertEquals(List.of("m0"), tx.givenUp);
        assertTrue(tx.rel.maySend(2));
    }

    @Test
    void nicCreditsStopASenderAndComeBackByTwoWhenBuffersLeaveSram() {
        Rig tx = new Rig(Reliability.NIC_CREDITS);
        Rig rx = new Rig(Reliability.NIC_CREDITS);
        List<byte[]> frames = new ArrayList<>();
        while (tx.rel.maySend(1)) {
            frames.add(tx.rel.data(1, new byte[] {1}, null));
        }
        assertEquals(S.nicCredits(), frames.size());
        // No host room: held in SRAM, never discarded.
        assertEquals(Verdict.HOLD, rx.rel.admit(rx.rel.receive(frames.get(0)), false));
        rx.rel.freed(0);
        assertTrue(rx.out.isEmpty(), "one freed: below the threshold of 2");
        rx.rel.freed(0);
        assertEquals(RelFrame.Kind.CREDIT, rx.out.get(0).kind());
        assertEquals(2, rx.out.get(0).value());
        tx.from(1, rx.out.get(0));
        assertTrue(tx.rel.maySend(1));
        assertEquals(1, tx.mayGo);
    }

    @Test
    void hostCreditsCrossAsFramesForTheHost() {
        Rig rx = new Rig(Reliability.HOST_CREDITS);
        rx.rel.hostCredits(3, 5);
        var got = new Rig(Reliability.HOST_CREDITS).from(1, rx.out.get(0));
        assertFalse(got.data());
        assertEquals(5, got.hostCredits());
        assertNull(RelFrame.decode(new byte[] {9, 0, 0, 0, 0, 0, 0, 0}));
    }
}
