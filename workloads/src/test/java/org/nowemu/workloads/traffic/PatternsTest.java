package org.nowemu.workloads.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each pattern's destination function on 16 hosts against its definition, the tables worked out by hand. */
class PatternsTest {
    private static final int N = 16;

    private static int[] table(String spec) {
        Pattern p = Patterns.make(spec, N, 1);
        int[] out = new int[N];
        for (int i = 0; i < N; i++) {
            out[i] = p.dest(i, 0, new SplittableRandom(i));
        }
        return out;
    }

    /** 16 ranks as a 4 x 4 matrix, row-major: rank 4r + c goes to 4c + r; the diagonal (0, 5, 10, 15) sends nothing. */
    @Test
    void transposeSwapsRowAndColumn() {
        assertArrayEquals(new int[] {-1, 4, 8, 12, 1, -1, 9, 13, 2, 6, -1, 14, 3, 7, 11, -1}, table("transpose"));
    }

    /** ~i in 4 bits: 0 (0000) to 15 (1111), 5 (0101) to 10 (1010). */
    @Test
    void bitComplementFlipsEveryBit() {
        assertArrayEquals(new int[] {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, table("bit-complement"));
    }

    /**
     * The 4 bits read backwards: 1 (0001) to 8 (1000), 3 (0011) to 12 (1100), 11 (1011) to 13 (1101); the
     * palindromes 0, 6 (0110), 9 (1001) and 15 send nothing.
     */
    @Test
    void bitReverseReversesTheBits() {
        assertArrayEquals(new int[] {-1, 8, 4, 12, 2, 10, -1, 14, 1, -1, 5, 13, 3, 11, 7, -1}, table("bit-reverse"));
    }

    /** ceil(16/2) - 1 = 7 ahead on the ring: 0 to 7, 8 to 15, 9 to 0, 15 to 6. */
    @Test
    void tornadoGoesSevenAhead() {
        assertArrayEquals(new int[] {7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6}, table("tornado"));
    }

    @Test
    void shiftNeighbourBisectionAndIncast() {
        assertArrayEquals(new int[] {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2}, table("shift(3)"));
        assertArrayEquals(new int[] {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14}, table("neighbour"));
        assertArrayEquals(new int[] {8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7}, table("bisection"));
        assertArrayEquals(new int[] {5, 5, 5, 5, 5, -1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, table("incast(5)"));
    }

    /** Rank 3's messages k = 0..15 go to 4, 5, ... 15, 0, 1, 2, then 4 again: every other rank once in 15. */
    @Test
    void allToAllVisitsEveryOtherRankInTurn() {
        Pattern p = Patterns.make("all-to-all", N, 1);
        int[] got = new int[16];
        for (int k = 0; k < 16; k++) {
            got[k] = p.dest(3, k, null);
        }
        assertArrayEquals(new int[] {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 4}, got);
    }

    /**
     * halo2d(4x4): rank 5 is row 1, column 1; its neighbours in turn are up (row 0: 1), down (row 2: 9), left
     * (column 0: 4), right (column 2: 6). Rank 0 wraps: 12, 4, 3, 1. halo3d(2x2x4): rank 0's are 8, 8, 4, 4, 3, 1.
     */
    @Test
    void halosVisitTheFaceNeighboursWithWrapAround() {
        Pattern p = Patterns.make("halo2d(4x4)", N, 1);
        assertArrayEquals(new int[] {1, 9, 4, 6}, new int[] {p.dest(5, 0, null), p.dest(5, 1, null),
            p.dest(5, 2, null), p.dest(5, 3, null)});
        assertArrayEquals(new int[] {12, 4, 3, 1}, new int[] {p.dest(0, 0, null), p.dest(0, 1, null),
            p.dest(0, 2, null), p.dest(0, 3, null)});
        Pattern q = Patterns.make("halo3d(2x2x4)", N, 1);
        int[] got = new int[6];
        for (int k = 0; k < 6; k++) {
            got[k] = q.dest(0, k, null);
        }
        assertArrayEquals(new int[] {8, 8, 4, 4, 3, 1}, got);
    }

    /** A seeded permutation: every rank is some rank's destination at most once, and never its own. */
    @Test
    void permutationIsABijectionWithoutSelfSends() {
        int[] t = table("permutation");
        boolean[] hit = new boolean[N];
        for (int i = 0; i < N; i++) {
            assertNotEquals(i, t[i]);
            if (t[i] >= 0) {
                assertTrue(!hit[t[i]], "rank " + t[i] + " is a destination twice");
                hit[t[i]] = true;
            }
        }
        assertArrayEquals(t, table("permutation"), "the same seed, the same permutation");
    }

    /** Uniform never sends to itself and reaches all 15 others; hotspot(1, 1) sends everything to rank 0. */
    @Test
    void uniformAndHotspot() {
        Pattern u = Patterns.make("uniform", N, 1);
        SplittableRandom r = new SplittableRandom(7);
        boolean[] seen = new boolean[N];
        for (int k = 0; k < 2000; k++) {
            int d = u.dest(3, k, r);
            assertNotEquals(3, d);
            seen[d] = true;
        }
        for (int i = 0; i < N; i++) {
            assertEquals(i != 3, seen[i], "rank " + i);
        }
        Pattern h = Patterns.make("hotspot(1, 1)", N, 1);
        for (int k = 0; k < 100; k++) {
            assertEquals(0, h.dest(9, k, r));
        }
    }

    @Test
    void patternsThatDoNotFitTheJobAreRefusedWithTheReason() {
        assertEquals("bit-reverse needs a power of two hosts, the job has 12", assertThrows(
                IllegalArgumentException.class, () -> Patterns.make("bit-reverse", 12, 1)).getMessage());
        assertEquals("transpose needs a square number of hosts, the job has 8", assertThrows(
                IllegalArgumentException.class, () -> Patterns.make("transpose", 8, 1)).getMessage());
        assertEquals("halo2d(4x3) has 12 places, the job has 16 hosts", assertThrows(
                IllegalArgumentException.class, () -> Patterns.make("halo2d(4x3)", 16, 1)).getMessage());
        assertEquals("shift: 16 must be between 1 and 15", assertThrows(
                IllegalArgumentException.class, () -> Patterns.make("shift(16)", 16, 1)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Patterns.make("zigzag", 16, 1)).getMessage()
                .startsWith("unknown pattern 'zigzag' (known: uniform, shift,"));
    }

    /** weighted(64:3, 1024:1): mean (3 x 64 + 1024) / 4 = 304 bytes; hosts "every 4 from 1" of 16: 1, 5, 9, 13. */
    @Test
    void sizesAndHostSpecs() {
        Sizes.Size w = Sizes.make("weighted(64:3, 1024:1)");
        assertEquals(304.0, w.mean());
        assertEquals(1024, w.max());
        assertEquals(256.0, Sizes.make("256").mean());
        assertEquals(List.of(1, 5, 9, 13), HostSpec.resolve("every 4 from 1", 16));
        assertEquals(List.of(0, 1, 2, 6, 7), HostSpec.resolve("0-2, 6-7", 16));
        assertEquals(List.of(0, 1, 2), HostSpec.resolve("first 3", 16));
        assertEquals("'0-16' names host 16; the topology has 16 hosts (0-15)", assertThrows(
                IllegalArgumentException.class, () -> HostSpec.resolve("0-16", 16)).getMessage());
    }
}
