package org.nowemu.protocol.parts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.ring.RingTail;
import org.nowemu.protocol.parts.staging.Reassembly;
import org.nowemu.protocol.parts.staging.StagingArea;

/** Descriptor rings (both sides) and staging areas: ready and free flags in ring order, overruns refused. */
class RingsAndAreasTest {
    /** The NIC takes entries in ring order as their ready flags come, and a ready entry may not be filled again. */
    @Test
    void theNicTakesReadyEntriesInRingOrder() {
        DescriptorRing<String> ring = new DescriptorRing<>("send ring", 3);
        assertFalse(ring.hasReady());
        ring.post(1, "b");
        assertFalse(ring.hasReady(), "entry 1 is ready but the head is entry 0");
        ring.post(0, "a");
        assertEquals("a", ring.take());
        assertEquals("b", ring.take());
        assertEquals(2, ring.head());
        ring.post(2, "c");
        assertThrows(IllegalStateException.class, () -> ring.post(2, "d"), "the host overran the ring");
        assertEquals("c", ring.take());
        assertEquals(0, ring.head(), "the head wraps");
    }

    /**
     * Two entries: the host fills both without reading (free at start); the third fill needs a read of entry 0's
     * flag, which shows it free only once the NIC has set it. A flag the NIC sets is not seen without a read.
     */
    @Test
    void theHostSeesAFreeFlagOnlyByReadingIt() {
        RingTail tail = new RingTail(2);
        assertEquals(0, tail.claim());
        assertEquals(1, tail.claim());
        assertFalse(tail.tailFree());
        assertFalse(tail.read(), "the NIC has not freed entry 0 yet");
        tail.freed(0);
        assertFalse(tail.tailFree(), "set in SRAM, not yet read");
        assertThrows(IllegalStateException.class, tail::claim);
        assertTrue(tail.read());
        assertEquals(0, tail.claim());
    }

    /** Arrivals are taken in ring order; one into a slot not yet consumed is refused, naming the area. */
    @Test
    void anArrivalIntoASlotNotYetConsumedFailsTheRun() {
        StagingArea area = new StagingArea("h1 data area", 2);
        area.arrive(0, new byte[] {1});
        area.arrive(1, new byte[] {2});
        assertTrue(area.ready());
        int s = area.take();
        assertEquals(1, area.content(s)[0]);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> area.arrive(0, new byte[] {3}),
                "slot 0 is held until released");
        assertTrue(e.getMessage().startsWith("h1 data area: the NIC overwrote slot 0"), e.getMessage());
        area.release(s);
        area.arrive(0, new byte[] {3});
        assertEquals(2, area.content(area.take())[0]);
        assertEquals(3, area.content(area.take())[0]);
        assertFalse(area.ready());
    }

    /**
     * A sender's packets are put together in its own buffer and the message comes out with its last. A packet whose
     * message lost its first packet (on a network the system assumes lossless) has nothing to join: it is dropped,
     * as is the rest of that message, and the sender's next message comes out whole.
     */
    @Test
    void reassemblyPutsASendersPacketsTogetherAndDropsWhatLostItsFirst() {
        Reassembly r = new Reassembly(2);
        byte[] p = {9, 1, 2, 3, 4};
        assertNull(r.add(1, true, false, 6, p, 1, 3));
        assertArrayEquals(new byte[] {1, 2, 3, 1, 2, 3}, r.add(1, false, true, 6, p, 1, 3));
        // Sender 0's first packet was lost: its middle and last packets are dropped, nothing comes out.
        assertNull(r.add(0, false, false, 8, p, 1, 4));
        assertNull(r.add(0, false, true, 8, p, 1, 4));
        // Its last packet lost, then the next message's first: the next one's packets would overrun the buffer.
        assertNull(r.add(0, true, false, 4, p, 1, 2));
        assertNull(r.add(0, false, false, 6, p, 1, 4));
        assertArrayEquals(new byte[] {4, 3}, r.add(0, true, true, 2, new byte[] {0, 4, 3}, 1, 2));
    }
}
