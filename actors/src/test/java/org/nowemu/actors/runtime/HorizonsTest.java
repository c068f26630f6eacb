package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The safe horizons of a small ring worked by hand: a -> b (30ps) -> c (20ps) -> a (100ps), and d, which
 * nothing reaches. Lookahead 20ps (the least delay).
 */
class HorizonsTest {
    private static final long NEVER = Long.MAX_VALUE;
    private static final int A = 0, B = 1, C = 2, D = 3;

    private static final class Idle extends Component {
        @Override
        protected Receive createReceive() {
            return Receive.builder().build();
        }
    }

    private static Model ring() {
        ModelBuilder b = new ModelBuilder();
        for (String n : new String[] {"a", "b", "c", "d"}) {
            b.add(n, Idle::new);
        }
        // a's connection to itself is no way in: its own events never wait for a barrier.
        return b.connect(A, B, 30).connect(B, C, 20).connect(C, A, 100).connect(A, A, 25).connect(D, A, 1_000).build();
    }

    private static final int[] ALL = {A, B, C, D};

    @Test
    void ballsHoldEveryShortestPathBackToTheComponentItselfNearestFirst() {
        Horizons h = new Horizons(ring(), new int[] {A, B, C}, 1_000_000, 64);
        // Into a: c at 100, b at 100 + 20, a itself round the ring at 120 + 30.
        assertArrayEquals(new long[][] {{C, 100}, {B, 120}, {A, 150}}, h.ball(A));
        assertArrayEquals(new long[][] {{A, 30}, {C, 130}, {B, 150}}, h.ball(B));
        assertArrayEquals(new long[][] {{B, 20}, {A, 50}, {C, 150}}, h.ball(C));
        // Nothing else of the partition reaches them at all (d is in another partition here).
        assertEquals(NEVER, h.radius(A));
    }

    @Test
    void reachAndSourceLimitsCutBallsAndBoundTheRadius() {
        Horizons near = new Horizons(ring(), new int[] {A, B, C}, 100, 64);
        // c is 100 from a: not below the reach, so a knows no source, and any is at least 100 away.
        assertArrayEquals(new long[][] {}, near.ball(A));
        assertEquals(100, near.radius(A));
        assertArrayEquals(new long[][] {{B, 20}, {A, 50}}, near.ball(C));
        Horizons one = new Horizons(ring(), new int[] {A, B, C}, 1_000_000, 1);
        // One source each: the next one settled bounds the rest.
        assertArrayEquals(new long[][] {{C, 100}}, one.ball(A));
        assertEquals(120, one.radius(A));
        Horizons none = new Horizons(ring(), new int[] {A, B, C}, 0, 64);
        // No reach: every horizon is one lookahead past the earliest event, the fixed windows of old.
        assertEquals(20, none.radius(A));
        assertEquals(1_020, none.cap(1_000, NEVER));
        assertTrue(none.uniform(1_000, 1_020));
    }

    @Test
    void horizonIsTheLeastPendingTimePlusDistance() {
        Horizons h = new Horizons(ring(), ALL, 1_000_000, 64);
        long[] key = {1_000, NEVER, NEVER, 5_000};
        long cap = h.cap(1_000, NEVER);
        assertEquals(NEVER, cap);
        // a: only its own event can come back, 150 later. b: a's event + 30. c: a's event + 50.
        assertEquals(1_150, h.horizon(A, key, 1_000, cap));
        assertEquals(1_030, h.horizon(B, key, 1_000, cap));
        assertEquals(1_050, h.horizon(C, key, 1_000, cap));
        // d: nothing reaches it.
        assertEquals(NEVER, h.horizon(D, key, 1_000, cap));
        // The window's end bounds them all.
        assertEquals(1_040, h.horizon(A, key, 1_000, 1_040));
    }

    @Test
    void theAgendaTakesExactlyTheComponentsWithWorkBelowTheirHorizons() {
        Horizons h = new Horizons(ring(), ALL, 1_000_000, 64);
        Agenda agenda = new Agenda(4);
        agenda.lowerTo(A, 1_000);
        agenda.lowerTo(C, 1_040);
        agenda.lowerTo(D, 5_000);
        int[] out = new int[4];
        long[] ends = new long[4];
        // a: min(c 1040 + 100, a 1000 + 150, d 5000 + 1000) = 1140. c: a 1000 + 50 = 1050 > 1040: taken.
        // d: unreachable, taken up to the cap.
        int n = agenda.takeBelowHorizons(h, 1_000, NEVER, out, ends);
        assertEquals(3, n);
        assertArrayEquals(new int[] {A, C, D}, java.util.Arrays.copyOf(out, n));
        assertArrayEquals(new long[] {1_140, 1_050, NEVER}, java.util.Arrays.copyOf(ends, n));
        assertEquals(NEVER, agenda.minKey());
        // Now b with work at 2000 and a at 2010: a's horizon 2000 + 20 + 100 = 2120 > 2010, b's 2010 + 30.
        agenda.lowerTo(B, 2_000);
        agenda.lowerTo(A, 2_010);
        agenda.lowerTo(C, 2_100);
        n = agenda.takeBelowHorizons(h, 2_000, NEVER, out, ends);
        // c's horizon: b 2000 + 20 = 2020 <= 2100: c stays.
        assertArrayEquals(new int[] {A, B}, java.util.Arrays.copyOf(out, n));
        assertArrayEquals(new long[] {2_120, 2_040}, java.util.Arrays.copyOf(ends, n));
        assertEquals(2_100, agenda.minKey());
    }
}
