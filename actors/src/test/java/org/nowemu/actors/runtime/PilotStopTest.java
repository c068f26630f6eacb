package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The pilot's second stretch stops as soon as two lanes could not pay whatever the rest of it holds. The planner
 * below takes lanes at an expected speed-up of 1.2; an event costs 1 us and a barrier 4 us; the stretch's budget
 * is 50,000 events. A stretch of the lanes is slow on the clock when one lane would have taken less than 0.7 of its
 * wall time.
 */
class PilotStopTest {
    private final Planner planner = new Planner(50_000, 4_000, 300_000, 1_000, 1.2, 2, 0.7, 3, 0);

    @Test
    void windowsOfAFewEventsStopTheStretch() {
        // 10,000 events in 5,000 windows, 9,000 of them on the busiest lane: now 10 ms / (9 ms + 20 ms) = 0.34.
        // Were the other 40,000 events in no further window, evenly on both lanes: 50 ms / (29 ms + 20 ms) = 1.02.
        // Neither reaches 1.2: stop.
        assertTrue(planner.hopeless(2, 50_000, 10_000, 9_000, 5_000, 1_000, 4_000));
    }

    @Test
    void aStretchThatCouldStillPayGoesOn() {
        // The same events in 1,000 windows: now 10 ms / (9 ms + 4 ms) = 0.77, but the rest could bring it to
        // 50 ms / (29 ms + 4 ms) = 1.52: go on.
        assertFalse(planner.hopeless(2, 50_000, 10_000, 9_000, 1_000, 1_000, 4_000));
    }

    @Test
    void aStretchThatPaysAlreadyGoesOn() {
        // 10,000 events in 10 windows, evenly shared: now 10 ms / (5 ms + 0.04 ms) = 1.98.
        assertFalse(planner.hopeless(2, 50_000, 10_000, 5_000, 10, 1_000, 4_000));
    }

    @Test
    void atTheBudgetOnlyWhatRanCounts() {
        // The whole budget handled: 50,000 events in 20,000 windows, 26,000 on the busiest lane:
        // 50 ms / (26 ms + 80 ms) = 0.47.
        assertTrue(planner.hopeless(2, 50_000, 50_000, 26_000, 20_000, 1_000, 4_000));
    }

    @Test
    void aStretchIsSlowOnTheClockBelowTheFloor() {
        // A floor of 0.7: 2 lanes at work 50 ms in all, summed over them (about what one lane would take), over a
        // stretch of 72 ms: 0.69 of it, slow; over 71 ms: 0.704, not slow; over 30 ms (they paid): not slow.
        assertTrue(planner.slowOnTheClock(50_000_000L, 72_000_000L));
        assertFalse(planner.slowOnTheClock(50_000_000L, 71_000_000L));
        assertFalse(planner.slowOnTheClock(50_000_000L, 30_000_000L));
        // With the clock's watch off, never.
        assertFalse(new Planner(50_000, 4_000, 300_000, 1_000, 1.2, 2).slowOnTheClock(1, 1_000_000_000L));
    }

    @Test
    void whatTheClockSawAWindowCostOutweighsTheBareBarrierInLaterTrials() {
        // A stretch that sent the lanes back: 50,000 events in 20 ms of wall time over 3,000 windows, the lanes at
        // work 10 ms in all (200 ns an event), 30,000 events on the busiest lane of each window: 6 ms of its work.
        // The other 14 ms were the windows': 14 ms / 3,000 = 4,667 ns each, 9 times the bare barrier of 500 ns.
        double seen = Windows.windowCost(20_000_000L, 50_000, 30_000, 3_000, 10_000_000L);
        assertEquals(4_667, seen, 1);
        // A later trial counting 50,000 events in 2,000 windows, 26,000 on the busiest lanes, at 200 ns an event:
        // against 500 ns, 10 ms / (5.2 ms + 1 ms) = 1.61, lanes; against what the clock saw,
        // 10 ms / (5.2 ms + 9.33 ms) = 0.69, one lane.
        assertEquals(2, planner.choose(2, 50_000, 26_000, 2_000, 200, 500).lanes());
        Planner.Choice c = planner.choose(2, 50_000, 26_000, 2_000, 200, seen);
        assertEquals(1, c.lanes());
        assertEquals(0.69, c.speedup(), 0.01);
        // Work that fills the wall time leaves the windows nothing; no window, nothing learnt.
        assertEquals(0, Windows.windowCost(5_000_000L, 50_000, 30_000, 3_000, 10_000_000L));
        assertEquals(0, Windows.windowCost(5_000_000L, 50_000, 30_000, 0, 10_000_000L));
    }

    @Test
    void aTrialThatKeptOneLaneSaysHowMuchTheTrafficMustGrow() {
        // 10,000 events in 1,000 windows, 6,000 on the busiest lane: 10 ms / (6 ms + 4 ms) = 1.0. With g times the
        // events a window, g x 10 ms = 1.2 x (g x 6 ms + 4 ms): g x 2.8 ms = 4.8 ms, g = 1.71.
        assertEquals(1.714, planner.growthNeeded(10_000, 6_000, 1_000, 1_000, 4_000), 0.001);
        // 9,000 of them on the busiest lane: even without barriers 10 / 9 = 1.11 < 1.2, no growth is enough.
        assertEquals(Double.POSITIVE_INFINITY, planner.growthNeeded(10_000, 9_000, 1_000, 1_000, 4_000));
        // A stretch that would pay already needs no growth.
        assertEquals(1, planner.growthNeeded(10_000, 5_000, 10, 1_000, 4_000));
    }
}
