package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The lanes timed against one lane: after 4 stretches of the lanes, one lane runs a stretch, then the lanes one more,
 * and one lane takes over only if it was more than a tenth faster than the mean of the lanes' two stretches around
 * it. Stretches here are 50,000 events; 10 ms of wall time is 200 ns an event.
 */
class ClockComparisonTest {
    private static final long EVENTS = 50_000;
    private static final long MS = 1_000_000;

    /** Runs stretches of the lanes at {@code ms} each until one lane is to be timed; returns how many it took. */
    private static int lanesUntilTimed(ClockComparison c, long ms) {
        int n = 0;
        while (true) {
            n++;
            ClockComparison.Verdict v = c.stretch(ms * MS, EVENTS, 0);
            if (v == ClockComparison.Verdict.TIME_ONE_LANE) {
                return n;
            }
            assertEquals(ClockComparison.Verdict.GO_ON, v);
        }
    }

    @Test
    void lanesTwiceAsFastStayAndAreTimedTwiceAsLateEachTime() {
        ClockComparison c = new ClockComparison();
        c.lanesBegin();
        assertEquals(4, lanesUntilTimed(c, 5));
        assertTrue(c.timing());
        c.solo(200); // one lane: 10 ms a stretch; the lanes took 5 ms
        c.lanesBegin();
        assertFalse(c.timing());
        assertEquals(ClockComparison.Verdict.GO_ON, c.stretch(5 * MS, EVENTS, 0));
        assertEquals(8, lanesUntilTimed(c, 5));
        c.solo(200);
        c.lanesBegin();
        assertEquals(ClockComparison.Verdict.GO_ON, c.stretch(5 * MS, EVENTS, 0));
        assertEquals(16, lanesUntilTimed(c, 5));
        assertEquals("; the lanes timed against one lane 2 times, faster in 2", c.summary());
    }

    @Test
    void oneLaneClearlyFasterTakesOver() {
        // The lanes 18 ms a stretch (360 ns an event) before and after, one lane 10 ms (200 ns): 200 x 1.1 < 360.
        ClockComparison c = new ClockComparison();
        c.lanesBegin();
        lanesUntilTimed(c, 18);
        c.solo(200);
        c.lanesBegin();
        assertEquals(ClockComparison.Verdict.ONE_LANE, c.stretch(18 * MS, EVENTS, 0));
        assertEquals("one lane took 200 ns an event, the lanes 360 ns around it", c.lost());
    }

    @Test
    void aWarmUpThatSpeedsEveryStretchUpFavoursNoOne() {
        // The code gets faster stretch by stretch: the lanes 20 ms before (400 ns an event), one lane 300 ns, the
        // lanes 10 ms after (200 ns). Against the stretch before alone one lane would win (300 x 1.1 < 400); against
        // the mean of both, 300, it does not.
        ClockComparison c = new ClockComparison();
        c.lanesBegin();
        lanesUntilTimed(c, 20);
        c.solo(300);
        c.lanesBegin();
        assertEquals(ClockComparison.Verdict.GO_ON, c.stretch(10 * MS, EVENTS, 0));
    }

    @Test
    void nearATieTheLanesStay() {
        // The lanes 210 ns an event around one lane's 200: 200 x 1.1 = 220 is not below 210.
        ClockComparison c = new ClockComparison();
        c.lanesBegin();
        lanesUntilTimed(c, 10);
        c.solo(200);
        c.lanesBegin();
        assertEquals(ClockComparison.Verdict.GO_ON, c.stretch(10_500_000L, EVENTS, 0));
    }

    @Test
    void halfTheCompilersTimeIsLeftOutOfTheLanes() {
        // The lanes' stretches took 14 ms while the compiler worked 8 ms: 14 - 4 = 10 ms, 200 ns an event; one lane
        // 190 ns is a tie. With all 14 ms counted, the lanes' 280 ns would lose (190 x 1.1 = 209).
        ClockComparison c = new ClockComparison();
        c.lanesBegin();
        for (int i = 0; i < 3; i++) {
            assertEquals(ClockComparison.Verdict.GO_ON, c.stretch(14 * MS, EVENTS, 8 * MS));
        }
        assertEquals(ClockComparison.Verdict.TIME_ONE_LANE, c.stretch(14 * MS, EVENTS, 8 * MS));
        c.solo(190);
        c.lanesBegin();
        assertEquals(ClockComparison.Verdict.GO_ON, c.stretch(14 * MS, EVENTS, 8 * MS));
    }
}
