package org.nowemu.workloads.motifs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each collective's schedule against its definition, for 1, 2, 3, 8 and 13 ranks: run symbolically ({@link Run}),
 * every op completes, every rank takes exactly the messages and bytes its definition gives, from the sources it
 * gives, and ends knowing what the collective promises (a reduce's root every rank's contribution, ...). Small
 * cases are worked out by hand.
 */
class CollectivesTest {
    private static final int[] SIZES = {1, 2, 3, 8, 13};
    private static final long B = 100;

    private static Run run(String motif, int n) {
        return new Run(Motifs.iteration(motif, n, B));
    }

    private static int log2ceil(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** Rank d hears once from d - 2^k (mod n) for each 2^k below n, and by the end every rank has heard of all. */
    @Test
    void barrierDisseminates() {
        for (int n : SIZES) {
            Run r = run("barrier", n);
            for (int d = 0; d < n; d++) {
                assertEquals(log2ceil(n) * B, r.received(d), "n=" + n);
                for (int k = 1; k < n; k <<= 1) {
                    assertEquals(1, r.got[d][(d - k + n) % n], "n=" + n + " d=" + d + " 2^k=" + k);
                }
                assertEquals(r.all(), r.known[d], "n=" + n + " d=" + d);
            }
        }
        // n = 3: rounds of distance 1 and 2; n = 13: distances 1, 2, 4, 8 from rank 0 are 12, 11, 9, 5.
        Run three = run("barrier", 3);
        assertEquals(List.of("1,2", "0,2", "0,1"), List.of(three.from(0), three.from(1), three.from(2)));
        assertEquals("5,9,11,12", run("barrier", 13).from(0));
    }

    /**
     * Broadcast: every rank but the root takes exactly one message, from itself less its lowest set bit, and has the
     * root's data. 13 ranks by hand: 1, 2, 4, 8 from 0; 3 from 2; 5, 6 from 4; 7 from 6; 9, 10, 12 from 8; 11 from 10.
     */
    @Test
    void broadcastFollowsTheBinomialTree() {
        for (int n : SIZES) {
            Run r = run("broadcast", n);
            assertEquals(0, r.received(0));
            for (int d = 1; d < n; d++) {
                assertEquals(String.valueOf(d - Integer.lowestOneBit(d)), r.from(d), "n=" + n + " d=" + d);
                assertEquals(B, r.received(d));
                assertTrue((r.known[d] & 1) != 0, "rank " + d + " has the root's data");
            }
        }
        Run r = run("broadcast", 13);
        int[] parent = {-1, 0, 0, 2, 0, 4, 4, 6, 0, 8, 8, 10, 8};
        for (int d = 1; d < 13; d++) {
            assertEquals(String.valueOf(parent[d]), r.from(d));
        }
    }

    /** Reduce, the mirror: on 13 ranks the root takes from 1, 2, 4, 8; 2 from 3; 4 from 5, 6; 6 from 7; 8 from 9, 10, 12. */
    @Test
    void reduceGathersUpTheBinomialTree() {
        for (int n : SIZES) {
            Run r = run("reduce", n);
            assertEquals(r.all(), r.known[0], "n=" + n);
            long total = 0;
            for (int d = 0; d < n; d++) {
                total += r.received(d);
                assertEquals(d == 0 ? 0 : 1, r.sent[d], "every rank but the root sends once, n=" + n);
            }
            assertEquals((n - 1) * B, total);
        }
        Run r = run("reduce", 13);
        assertEquals(List.of("1,2,4,8", "", "3", "", "5,6", "", "7", "", "9,10,12", "", "11", "", ""),
                java.util.stream.IntStream.range(0, 13).mapToObj(r::from).toList());
    }

    /**
     * Allreduce: everyone ends with every contribution. 8 ranks: r takes from r^1, r^2, r^4. 3 ranks (p = 2, rem = 1):
     * 0 hands its vector to 1 and takes the result back; 1 takes from 0 and exchanges with 2. 13 ranks (p = 8,
     * rem = 5): even ranks below 10 take only the result from r + 1; rank 1 (new rank 0) takes from 0, then from new
     * ranks 1, 2, 4 = ranks 3, 5, 9; rank 10 (new rank 5) from new ranks 4, 7, 1 = ranks 9, 12, 3.
     */
    @Test
    void allreduceDoublesWithTheFixUp() {
        for (int n : SIZES) {
            Run r = run("allreduce", n);
            for (int d = 0; d < n; d++) {
                assertEquals(r.all(), r.known[d], "n=" + n + " d=" + d);
            }
        }
        Run eight = run("allreduce", 8);
        for (int d = 0; d < 8; d++) {
            assertEquals(1, eight.got[d][d ^ 1]);
            assertEquals(1, eight.got[d][d ^ 2]);
            assertEquals(1, eight.got[d][d ^ 4]);
            assertEquals(3 * B, eight.received(d));
        }
        Run three = run("allreduce", 3);
        assertEquals(List.of("1", "0,2", "1"), List.of(three.from(0), three.from(1), three.from(2)));
        Run r = run("allreduce", 13);
        assertEquals("1", r.from(0));
        assertEquals("0,3,5,9", r.from(1));
        assertEquals("3,9,12", r.from(10));
        assertEquals(4 * B, r.received(1));
    }

    /** Alltoall: one block of B from every other rank. Alltoallv on 3 ranks, (1 + (s+d) mod 3) x 50 bytes, by hand. */
    @Test
    void alltoallAndAlltoallvExchangePairwise() {
        for (int n : SIZES) {
            Run r = run("alltoall", n);
            for (int d = 0; d < n; d++) {
                for (int s = 0; s < n; s++) {
                    assertEquals(s == d ? 0 : 1, r.got[d][s]);
                    assertEquals(s == d ? 0 : B, r.bytes[d][s]);
                }
            }
            Run v = run("alltoallv", n);
            for (int d = 0; d < n; d++) {
                for (int s = 0; s < n; s++) {
                    assertEquals(s == d ? 0 : B * (1 + (s + d) % 3) / 2, v.bytes[d][s]);
                }
            }
        }
        // Rank 0 takes 100 from 1 and 150 from 2; rank 1 100 from 0 and 50 from 2; rank 2 150 from 0 and 50 from 1.
        Run v = run("alltoallv", 3);
        assertEquals(List.of(250L, 150L, 200L), List.of(v.received(0), v.received(1), v.received(2)));
    }

    /** Linear gather and scatter: the root takes a block from every rank; every rank takes one from the root. */
    @Test
    void gatherAndScatterAreLinear() {
        for (int n : SIZES) {
            Run g = run("gather", n);
            Run s = run("scatter", n);
            assertEquals(r(n, 1), g.from(0));
            assertEquals(g.all(), g.known[0]);
            for (int d = 1; d < n; d++) {
                assertEquals(0, g.received(d));
                assertEquals("0", s.from(d));
                assertEquals(B, s.received(d));
            }
        }
    }

    /** Ring: each rank takes the token once from r - 1, and rank 0 ends with everyone's mark on it. */
    @Test
    void ringPassesATokenOnce() {
        for (int n : SIZES) {
            Run r = run("ring", n);
            for (int d = 0; d < n; d++) {
                assertEquals(n == 1 ? "" : String.valueOf((d - 1 + n) % n), r.from(d));
            }
            assertEquals(r.all(), r.known[0]);
        }
    }

    /**
     * Halo on 2 x 4 (8 ranks): rank 0 at (0, 0) has one row neighbour both ways, rank 4, so takes two faces from
     * it, and 3 and 1 along the row. 13 ranks as 13 x 1: 12 and 1 (the size-1 dimension is the rank itself).
     * 2 x 2 x 2: two faces from each of three neighbours.
     */
    @Test
    void haloExchangesFaces() {
        assertEquals("1,3,4,4", run("halo2d(2x4)", 8).from(0));
        assertEquals("1,12", run("halo2d(13x1)", 13).from(0));
        assertEquals("1,2", run("halo2d(3x1)", 3).from(0));
        assertEquals("1,1", run("halo2d(1x2)", 2).from(0));
        assertEquals("", run("halo3d(1x1x1)", 1).from(0));
        Run cube = run("halo3d(2x2x2)", 8);
        assertEquals("1,1,2,2,4,4", cube.from(0));
        assertEquals(6 * B, cube.received(7));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run("halo2d(4x4)", 13));
        assertEquals("halo2d(4x4) has 16 places, the job has 13 hosts", e.getMessage());
    }

    /**
     * Sweep on 2 x 4: forward, rank 5 at (1, 1) waits for north 1 and west 4; back, for east 6. Rank 0 waits only on
     * the way back (south 4, east 1), rank 7 only forward (north 3, west 6). 2 (P(Q-1) + Q(P-1)) = 20 messages; the
     * far corner knows everyone after the forward sweep, and rank 0 after the return.
     */
    @Test
    void sweepRunsTheWavefrontThereAndBack() {
        Run r = run("sweep(2x4)", 8);
        assertEquals("1,4,6", r.from(5));
        assertEquals("1,4", r.from(0));
        assertEquals("3,6", r.from(7));
        long total = 0;
        for (int d = 0; d < 8; d++) {
            total += r.received(d);
        }
        assertEquals(20 * B, total);
        assertEquals(r.all(), r.known[0]);
        assertEquals("", run("sweep(1x1)", 1).from(0));
        assertEquals("0,2", run("sweep(1x3)", 3).from(1)); // west on the way out, east on the way back
    }

    @Test
    void anUnknownMotifNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run("allgather", 4));
        assertEquals("unknown motif 'allgather' (known: barrier, broadcast, reduce, allreduce, alltoall, alltoallv,"
                + " gather, scatter, ring, halo2d, halo3d, sweep)", e.getMessage());
    }

    private static String r(int n, int from) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < n; i++) {
            b.append(b.length() == 0 ? "" : ",").append(i);
        }
        return b.toString();
    }
}
