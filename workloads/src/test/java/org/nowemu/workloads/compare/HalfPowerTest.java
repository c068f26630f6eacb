package org.nowemu.workloads.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** N½: where the bandwidth first reaches half its peak, between the two measured sizes around it. */
class HalfPowerTest {
    private static final double NAN = Double.NaN;

    /**
     * Peak 80 (at 4096 B), half 40: first reached at 1024 B (50); the size before, 512 B, had 30. Linear between
     * them: 512 + (40 - 30) x (1024 - 512) / (50 - 30) = 512 + 256 = 768 B.
     */
    @Test
    void halfThePeakIsInterpolatedBetweenTheSizesThatBracketIt() {
        assertEquals(768.0, HalfPower.of(List.of(256, 512, 1024, 4096), List.of(10.0, 30.0, 50.0, 80.0)), 1e-9);
    }

    /**
     * An unmeasured size is skipped, not read as 0: without 512 B, the bracket is 256 B (10) to 1024 B (50):
     * 256 + 30 x 768 / 40 = 832 B. A later dip below half the peak does not move N½: the first crossing counts.
     */
    @Test
    void unmeasuredSizesAreSkippedAndTheFirstCrossingCounts() {
        assertEquals(832.0, HalfPower.of(List.of(256, 512, 1024, 2048, 4096), List.of(10.0, NAN, 50.0, 20.0, 80.0)),
                1e-9);
    }

    /**
     * Half the peak at the smallest size: N½ is below what was measured, not known; nothing measured: none. Two
     * sizes suffice otherwise: 4 B at 20, 8 B at 60 (the peak, half 30): 4 + 10 x 4 / 40 = 5 B.
     */
    @Test
    void withoutABracketThereIsNoHalfPowerPoint() {
        assertTrue(Double.isNaN(HalfPower.of(List.of(4, 8), List.of(50.0, 60.0))));
        assertTrue(Double.isNaN(HalfPower.of(List.of(4, 8), List.of(NAN, NAN))));
        assertEquals(5.0, HalfPower.of(List.of(4, 8), List.of(20.0, 60.0)), 1e-9);
    }
}
