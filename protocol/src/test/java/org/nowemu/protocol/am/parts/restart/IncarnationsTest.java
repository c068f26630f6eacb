package org.nowemu.protocol.am.parts.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Incarnations are 8-bit serial numbers: "newer" means fewer than 128 power-ons later, across the wrap. */
class IncarnationsTest {
    @Test
    void newerWrapsAroundAt256() {
        assertTrue(Incarnations.newer(1, 0));
        assertTrue(Incarnations.newer(0, 255), "255 + 1 wraps to 0");
        assertTrue(Incarnations.newer(127, 0));
        assertFalse(Incarnations.newer(128, 0), "128 apart: not newer (nor older)");
        assertFalse(Incarnations.newer(0, 0));
        assertFalse(Incarnations.newer(0, 1));
    }

    /**
     * Every NIC starts in incarnation 0. NIC 3 is learned to be in 2 (news), then 1 (old news, ignored). Source 5's
     * DATA in 0 is the same life; in 1 a newer one (it restarted); in 0 again a leftover of an older life.
     */
    @Test
    void whatIsLearnedAndSeenOnlyMovesForward() {
        Incarnations peers = new Incarnations();
        assertEquals(0, peers.known(3));
        assertTrue(peers.learn(3, 2));
        assertFalse(peers.learn(3, 1));
        assertEquals(2, peers.known(3));
        assertEquals(0, peers.known(4));

        assertEquals(Incarnations.Seen.SAME, peers.fromSource(5, 0));
        assertEquals(Incarnations.Seen.NEWER, peers.fromSource(5, 1));
        assertEquals(Incarnations.Seen.SAME, peers.fromSource(5, 1));
        assertEquals(Incarnations.Seen.OLDER, peers.fromSource(5, 0));
    }
}
