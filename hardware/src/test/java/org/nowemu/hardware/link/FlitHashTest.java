package org.nowemu.hardware.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.stats.StructuralHash;

/**
 * A flit's digest is written by hand (it is the payload of nearly every event); it must stay the value the record
 * path gives, so that no digest depends on which path hashed it, and a component added to the record but left out
 * of the hand-written hash fails here.
 */
class FlitHashTest {
    private static final Packet PACKET = new Packet(7, 3, new byte[] {1, 2}, new byte[] {9, 8, 7}, (byte) 5, 42);

    @Test
    void theHandWrittenHashIsTheRecordPathsOnEveryKindOfFlit() {
        List<Flit> flits = List.of(
                new Flit(0, 1, 0, 32, false, false, 0, PACKET, Flit.NO_FLIPS),       // a head
                new Flit(5, 1, 3, 32, false, false, 1, null, Flit.NO_FLIPS),         // a body flit
                new Flit(5, 1L << 40, 9, 17, true, false, 2, null, new int[] {3, 250}), // a tail with flipped bits
                new Flit(-1, -1, -7, 0, false, true, -3, null, Flit.NO_FLIPS),       // negative ints sign-extend
                Flit.truncated(2, 99));
        for (Flit f : flits) {
            assertEquals(StructuralHash.recordHash(f), StructuralHash.of(f), f.toString());
        }
    }

    @Test
    void everyComponentEntersTheHash() {
        Flit f = new Flit(1, 2, 3, 4, false, false, 5, null, Flit.NO_FLIPS);
        List<Flit> changed = List.of(
                new Flit(9, 2, 3, 4, false, false, 5, null, Flit.NO_FLIPS),
                new Flit(1, 9, 3, 4, false, false, 5, null, Flit.NO_FLIPS),
                new Flit(1, 2, 9, 4, false, false, 5, null, Flit.NO_FLIPS),
                new Flit(1, 2, 3, 9, false, false, 5, null, Flit.NO_FLIPS),
                new Flit(1, 2, 3, 4, true, false, 5, null, Flit.NO_FLIPS),
                new Flit(1, 2, 3, 4, false, true, 5, null, Flit.NO_FLIPS),
                new Flit(1, 2, 3, 4, false, false, 9, null, Flit.NO_FLIPS),
                new Flit(1, 2, 3, 4, false, false, 5, PACKET, Flit.NO_FLIPS),
                new Flit(1, 2, 3, 4, false, false, 5, null, new int[] {1}));
        for (Flit g : changed) {
            assertNotEquals(StructuralHash.of(f), StructuralHash.of(g), g.toString());
            assertEquals(StructuralHash.recordHash(g), StructuralHash.of(g), g.toString());
        }
    }
}
