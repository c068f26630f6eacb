package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * While lanes run with measured costs, each stretch of theirs is timed: one lane would have handled its events at
 * the lesser of the pilot's cost per event and the lanes' own busy time per event, and the lanes took the
 * stretch's wall time. The numbers below stand for what the clock would read.
 */
class TimedWatchTest {
    private final Planner planner = new Planner(50_000, 0, 300_000, 0, 1.2, 2);

    @Test
    void lanesThatOverlapPay() {
        // 50,000 events, the two lanes busy 60 ms in all (1,200 ns an event), within 40 ms of wall time. The pilot
        // measured 2,000 ns an event (JIT warm-up included): one lane would take 50,000 x 1,200 ns = 60 ms, so the
        // speed-up is 60 / 40 = 1.5.
        Planner.Choice c = planner.timed(2, 50_000, 3_000, 2_000, 60_000_000L, 40_000_000L);
        assertEquals(1.5, c.speedup(), 1e-9);
        assertEquals(2, c.lanes());
    }

    @Test
    void thePilotsWarmUpCostDoesNotMakeSlowLanesLookFast() {
        // The same stretch at 700 ns an event on the lanes (35 ms busy) but 90 ms of wall time (the lanes waited at
        // 3,000 barriers): at the pilot's 2,000 ns an event one lane would seem to need 100 ms (speed-up 1.11), but
        // at the lanes' own 700 ns it needs 35 ms: 35 / 90 = 0.39, below 1, so the watch sends the run back.
        Planner.Choice c = planner.timed(2, 50_000, 3_000, 2_000, 35_000_000L, 90_000_000L);
        assertEquals(35.0 / 90, c.speedup(), 1e-9);
        assertTrue(c.reason().contains("50,000 events in 3,000 windows on 2 lanes took 90.0 ms"), c.reason());
    }

    @Test
    void lanesSlowedByEachOtherAreWeighedAtThePilotsCost() {
        // Beside each other the lanes took 3,000 ns an event (150 ms busy) where the pilot measured 1,000 ns alone:
        // one lane would need 50 ms, and the lanes took 80 ms: 0.625.
        Planner.Choice c = planner.timed(2, 50_000, 100, 1_000, 150_000_000L, 80_000_000L);
        assertEquals(0.625, c.speedup(), 1e-9);
    }
}
