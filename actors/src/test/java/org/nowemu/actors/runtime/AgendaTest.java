package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class AgendaTest {
    @Test
    void takesExactlyTheComponentsWithWorkBeforeTheEndInIndexOrder() {
        // 200 components span four blocks of 64; work at 5 (idx 3), 7 (idx 70), 9 (idx 199), 50 (idx 64).
        Agenda a = new Agenda(200);
        a.lowerTo(70, 7);
        a.lowerTo(3, 5);
        a.lowerTo(199, 9);
        a.lowerTo(64, 50);
        assertEquals(5, a.minKey());
        int[] out = new int[200];
        int n = a.takeEarlierThan(10, out);
        assertArrayEquals(new int[] {3, 70, 199}, Arrays.copyOf(out, n));
        // Taken components have no work left; the one at 50 remains and is now the earliest.
        assertEquals(50, a.minKey());
        assertEquals(0, a.takeEarlierThan(50, out));
        assertEquals(1, a.takeEarlierThan(51, out));
        assertEquals(Long.MAX_VALUE, a.minKey());
    }

    @Test
    void lowerToNeverRaisesAKey() {
        Agenda a = new Agenda(10);
        a.lowerTo(4, 100);
        a.lowerTo(4, 300);
        assertEquals(100, a.minKey());
        a.lowerTo(4, 20);
        assertEquals(20, a.minKey());
    }

    @Test
    void earliestOutputIsTheLeastKeyPlusExitDelayAndSkipsBlocksThatCannotWin() {
        // 130 components, three blocks. Work: idx 2 at 100 (exit 1000 -> 1100), idx 65 at 500 (exit 50 -> 550),
        // idx 129 at 10 (no way out -> never). The least is 550, from the second block.
        Agenda a = new Agenda(130);
        long[] exit = new long[130];
        Arrays.fill(exit, 1_000);
        exit[65] = 50;
        exit[129] = Long.MAX_VALUE;
        a.lowerTo(2, 100);
        a.lowerTo(65, 500);
        a.lowerTo(129, 10);
        assertEquals(550, a.minPlus(exit, Agenda.blockMinima(exit)));
        // Without work, nothing can come out.
        assertEquals(Long.MAX_VALUE, new Agenda(130).minPlus(exit, Agenda.blockMinima(exit)));
    }
}
