package org.nowemu.actors.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class VirtualTimeTest {
    @Test
    void durationsWithUnitsBecomePicoseconds() {
        assertEquals(1, VirtualTime.parse("1ps"));
        assertEquals(10_000, VirtualTime.parse("10ns"));
        assertEquals(100_000, VirtualTime.parse("0.1us"));
        assertEquals(6_250, VirtualTime.parse("6.25 ns"));
        assertEquals(2_000_000_000L, VirtualTime.parse("2ms"));
        assertEquals(3_000_000_000_000L, VirtualTime.parse("3s"));
    }

    @Test
    void aDurationWithoutAKnownUnitIsRejectedNamingTheText() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VirtualTime.parse("10 parsecs"));
        assertEquals("expected a duration with a unit (ps, ns, us, ms, s), got '10 parsecs'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> VirtualTime.parse("10"));
        assertThrows(IllegalArgumentException.class, () -> VirtualTime.parse("-1ns"));
    }

    @Test
    void formatPicksAReadableUnit() {
        assertEquals("1.500us", VirtualTime.format(1_500_000));
        assertEquals("999ps", VirtualTime.format(999));
    }
}
