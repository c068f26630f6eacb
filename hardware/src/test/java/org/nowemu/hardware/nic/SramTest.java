package org.nowemu.hardware.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.EmulationException;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.support.TestNets;

class SramTest {
    /** 256 KiB = 262,144 B, of which 64 KiB (65,536 B) are the firmware's: 196,608 B remain. */
    @Test
    void allocationsFitUntilTheCapacityAndFreeingGivesSpaceBack() {
        Sram s = new Sram("h0.lanai", 262_144, 65_536);
        Sram.Region frames = s.allocate("7 endpoint frames", 7 * 8192);
        s.allocate("receive buffers", 196_608 - 7 * 8192);
        assertEquals(262_144, s.used());
        SramExhaustedException e = assertThrows(SramExhaustedException.class, () -> s.allocate("one more byte", 1));
        assertEquals("h0.lanai: SRAM cannot hold one more byte (1 B): 262144 B of 262144 B already in use, 0 B free",
                e.getMessage());
        s.free(frames);
        s.allocate("one more byte", 1);
    }

    @Test
    void firmwareThatOverAllocatesFailsTheRunNamingTheNicTheRequestAndTheCapacity() {
        EmulationException e = assertThrows(EmulationException.class, () -> TestNets.run(TestNets.star(2), TestNets.now(""),
                TestNets.program(n -> TestNets.firmware(ctx -> ctx.sram().allocate("packet buffers", 300 * 1024),
                        (ctx, ev) -> { })), VirtualTime.MS));
        assertTrue(e.getMessage().contains("h0.lanai: SRAM cannot hold packet buffers (307200 B): 65536 B of 262144 B"),
                e.getMessage());
    }
}
