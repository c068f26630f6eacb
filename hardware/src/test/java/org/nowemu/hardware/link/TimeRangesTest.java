package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The time ranges faults hold in, in plain numbers: [10, 14) every 10, three times, is [10,14) [20,24) [30,34). */
class TimeRangesTest {
    private final TimeRanges r = TimeRanges.of(10, 14, 10, 3);

    @Test
    void aRepeatingRangeHoldsInsideEachRepetitionAndNowhereElse() {
        for (long t : new long[] {10, 13, 20, 23, 30, 33}) {
            assertTrue(r.holds(t), "at " + t);
        }
        for (long t : new long[] {0, 9, 14, 19, 24, 29, 34, 40, 43, Long.MAX_VALUE - 1}) {
            assertFalse(r.holds(t), "at " + t);
        }
    }

    @Test
    void boundariesComeInOrderAndEndAfterTheLastRepetition() {
        // Walking from 0, each boundary, then the first one after it: 10, 14, 20, 24, 30, 34, then none.
        long t = 0;
        StringBuilder seen = new StringBuilder();
        for (long b = r.nextChangeFrom(t); b != TimeRanges.FOREVER; b = r.nextChangeFrom(b + 1)) {
            seen.append(b).append(' ');
        }
        assertEquals("10 14 20 24 30 34 ", seen.toString());
        assertEquals(20, r.nextChangeFrom(15));
        assertEquals(14, r.nextChangeFrom(14), "a boundary at t counts from t on");
    }

    @Test
    void withoutALimitItRepeatsForeverAndFromHoldsForGood() {
        TimeRanges forever = TimeRanges.of(10, 14, 10, TimeRanges.FOREVER);
        assertTrue(forever.holds(1_000_000_012L));
        assertFalse(forever.holds(1_000_000_015L));
        assertEquals(1_000_000_020L, forever.nextChangeFrom(1_000_000_015L));
        TimeRanges from = TimeRanges.from(5);
        assertFalse(from.holds(4));
        assertTrue(from.holds(Long.MAX_VALUE - 1));
        assertEquals(TimeRanges.FOREVER, from.nextChangeFrom(6), "it never ends");
        assertFalse(TimeRanges.NEVER.any());
        assertEquals(TimeRanges.FOREVER, TimeRanges.NEVER.nextChangeFrom(0));
    }

    @Test
    void somethingOnTheCableMeetsACutIfAnyInstantOfItsFlightIsInside() {
        assertTrue(r.touches(8, 10), "arrives as the cut begins");
        assertTrue(r.touches(5, 50), "spans a whole repetition");
        assertTrue(r.touches(12, 16), "left during the cut");
        assertFalse(r.touches(14, 19), "left as the cable came back, arrived before the next cut");
        assertFalse(r.touches(4, 9));
    }

    @Test
    void aUnionHoldsWhereEitherDoes() {
        TimeRanges u = r.or(TimeRanges.of(12, 17, 0, 1));
        assertTrue(u.holds(16));
        assertEquals(17, u.nextChangeFrom(15));
        assertEquals(10, u.first());
    }

    @Test
    void aRepetitionThatWouldOverlapTheNextIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TimeRanges.of(10, 20, 10, 2));
        assertThrows(IllegalArgumentException.class, () -> TimeRanges.of(10, 10, 0, 1));
    }
}
