package org.nowemu.protocol.parts.multicast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Groups as lists of hosts, and what a stack's multicast reaches of them. */
class GroupsTest {
    /** A run of consecutive hosts is named by its first; 0, 2, 4 or 3, 4, 6 by none. */
    @Test
    void onlyARunOfConsecutiveHostsHasAFirstHost() {
        assertEquals(16, Groups.first(new int[] {16, 17, 18}));
        assertEquals(5, Groups.first(new int[] {5}));
        assertEquals(-1, Groups.first(new int[] {0, 2, 4}));
        assertEquals(-1, Groups.first(new int[] {3, 4, 6}));
        assertEquals(-1, Groups.first(new int[0]));
        assertEquals("LFC: a multicast group of 3 hosts that are not consecutive", assertThrows(
                IllegalArgumentException.class, () -> Groups.consecutive("LFC", new int[] {0, 2, 4})).getMessage());
    }

    @Test
    void aMultisendGoesToEveryMemberButTheSender() {
        assertArrayEquals(new int[] {7, 29, 31}, Groups.others(new int[] {5, 7, 29, 31}, 5));
        assertArrayEquals(new int[] {5, 29, 31}, Groups.others(new int[] {5, 7, 29, 31}, 7));
    }

    /** A settings record that is no MulticastReach.Source has none; one that is says what it cannot carry. */
    @Test
    void theReachSaysWhatItCannotCarry() {
        assertEquals(MulticastMode.NONE, MulticastReach.of("not a settings record").multicastMode());
        assertEquals("has no multicast", MulticastReach.NONE.beyond(new int[] {0, 1}, 8));
        MulticastReach tree = new MulticastReach(MulticastMode.NI, false, 128);
        assertNull(tree.beyond(new int[] {8, 9, 10}, 128));
        assertEquals("multicasts messages of at most 128 B (one packet)", tree.beyond(new int[] {8, 9, 10}, 129));
        assertEquals("multicasts to consecutive hosts only (a packet names its group by first host and size)",
                tree.beyond(new int[] {8, 10}, 8));
    }
}
