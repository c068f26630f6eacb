package org.nowemu.workloads.motifs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * Each skeleton's messages, bytes and operations per rank and iteration for class S on 4 ranks, worked out by hand
 * from the benchmark's structure; each schedule also runs to completion symbolically ({@link Run}). Costs of 1 ps
 * per operation make the compute the operation count.
 */
class SkeletonsTest {
    private static final SkeletonCosts ONE = new SkeletonCosts(1, 1);

    /** [sent messages, sent bytes, received messages, received bytes] of each rank in one iteration. */
    private static long[][] counts(Skeletons.Built b) {
        new Run(b.ops());
        long[][] out = new long[b.ops().size()][4];
        for (int r = 0; r < out.length; r++) {
            for (Op op : b.ops().get(r)) {
                int base = op.kind() == Op.Kind.SEND ? 0 : op.kind() == Op.Kind.RECV ? 2 : -1;
                if (base >= 0) {
                    out[r][base]++;
                    out[r][base + 1] += op.amount();
                }
            }
        }
        return out;
    }

    private static long compute(Skeletons.Built b, int r) {
        return b.ops().get(r).stream().filter(o -> o.kind() == Op.Kind.COMPUTE).mapToLong(Op::amount).sum();
    }

    /** Rank {@code r}'s counts ({@link #counts}) as a list, to compare with a hand-worked one. */
    private static List<Long> row(long[][] c, int r) {
        return List.of(c[r][0], c[r][1], c[r][2], c[r][3]);
    }

    private static void same(long[] each, long[][] got) {
        for (int r = 0; r < got.length; r++) {
            assertEquals(List.of(each[0], each[1], each[2], each[3]), row(got, r));
        }
    }

    /**
     * Skeleton {@code name} of class S on 4 ranks, whose ranks all do the same: {@code iterations} iterations, each
     * rank's counts {@code each} ({@link #counts}), rank {@code rank}'s compute {@code flops}.
     */
    private static Skeletons.Built evenOnFour(String name, int iterations, long[] each, int rank, long flops) {
        Skeletons.Built b = Skeletons.make(name, "S", 4, ONE);
        assertEquals(iterations, b.iterations());
        same(each, counts(b));
        assertEquals(flops, compute(b, rank));
        return b;
    }

    /**
     * Each of the {@code ranks} ranks of {@code b} is of one of two kinds: those {@code kind} picks have counts
     * {@code picked} and compute {@code pickedFlops}, the others {@code others} and {@code othersFlops}.
     */
    private static void twoKinds(Skeletons.Built b, int ranks, IntPredicate kind, List<Long> picked,
                                 long pickedFlops, List<Long> others, long othersFlops) {
        long[][] c = counts(b);
        assertEquals(ranks, c.length, "ranks");
        for (int r = 0; r < c.length; r++) {
            boolean k = kind.test(r);
            assertEquals(k ? picked : others, row(c, r), "rank " + r);
            assertEquals(k ? pickedFlops : othersFlops, compute(b, r), "rank " + r);
        }
    }

    /** Skeleton {@code name}'s schedules of each class complete, from 1 to 128 ranks; every rank takes a message. */
    private static void completesOnEveryPowerOfTwo(String name, String... classes) {
        for (String cls : classes) {
            for (int n = 1; n <= 128; n *= 2) {
                Run run = new Run(Skeletons.make(name, cls, n, ONE).ops());
                for (int r = 0; r < n; r++) {
                    assertEquals(run.received(r) > 0, n > 1, name + " " + cls + " rank " + r + " of " + n);
                }
            }
        }
    }

    /** The message with which making skeleton {@code name} of class {@code cls} on {@code n} ranks is refused. */
    private static String refusal(String name, String cls, int n) {
        return assertThrows(IllegalArgumentException.class, () -> Skeletons.make(name, cls, n, ONE)).getMessage();
    }

    /**
     * IS class S: 2^16 keys, 2^9 buckets, 10 iterations; 16384 keys a rank. An iteration: allreduce of 512 + 5 ints
     * (2068 B) in log2 4 = 2 exchanges; alltoall of one int to 3 ranks (12 B); alltoallv of 65536 / 16 = 4096 keys
     * (16384 B) to each of 3 ranks. 8 messages, 4136 + 12 + 49152 = 53300 B each way. Compute: 4 passes over 16384
     * keys = 65536 key operations.
     */
    @Test
    void isClassS() {
        evenOnFour("is", 10, new long[] {8, 53300, 8, 53300}, 3, 65536);
    }

    /**
     * FT class S: 64^3 = 262144 points, 6 iterations, 65536 a rank. Alltoall: 262144 / 16 = 16384 complex doubles
     * (262144 B) to each of 3 ranks. The checksum's reduce to rank 0: 1 and 2 send it to 0, 3 to 2 (16 B each).
     * Rank 0 sends 3 (786432 B), takes 5 (786464 B); 1 and 3 send 4 (786448 B) and take 3; 2 sends 4 and takes 4.
     * Flops: 65536 x (2 + 5 log2 4096 = 62) + 65536 x 5 log2 64 (30) = 4063232 + 1966080 = 6029312.
     */
    @Test
    void ftClassS() {
        Skeletons.Built b = Skeletons.make("ft", "S", 4, ONE);
        assertEquals(6, b.iterations());
        long[][] c = counts(b);
        assertEquals(List.of(3L, 786432L, 5L, 786464L), row(c, 0));
        assertEquals(List.of(4L, 786448L, 3L, 786432L), row(c, 1));
        assertEquals(List.of(4L, 786448L, 4L, 786448L), row(c, 2));
        assertEquals(List.of(4L, 786448L, 3L, 786432L), row(c, 3));
        assertEquals(6029312, compute(b, 0));
    }

    /**
     * CG class S: na 1400, nonzer 7, 15 outer iterations, a 2 x 2 grid: one row exchange a sum (log2 2), segments
     * of 700 doubles (5600 B). An outer iteration: rho (8 B); 26 products (25 and the residual's), each a row exchange
     * (5600 B) and a dot (8 B); 25 more dots (8 B); the norms (16 B). Ranks 0 and 3 are their own transpose: 1 + 52
     * + 25 + 1 = 79 messages, 8 + 26 x 5608 + 200 + 16 = 146032 B. Ranks 1 and 2 swap 26 segments besides: 105
     * messages, 146032 + 145600 = 291632 B. Flops: product 2 x 1400 x 64 / 4 = 44800, its row sum's 700 adds; 26 x
     * (44800 + 700 + 1400) + 25 x 5600 + 2800 = 1362200.
     */
    @Test
    void cgClassS() {
        Skeletons.Built b = Skeletons.make("cg", "S", 4, ONE);
        assertEquals(15, b.iterations());
        long[][] c = counts(b);
        for (int r : new int[] {0, 3}) {
            assertEquals(List.of(79L, 146032L, 79L, 146032L), row(c, r));
        }
        for (int r : new int[] {1, 2}) {
            assertEquals(List.of(105L, 291632L, 105L, 291632L), row(c, r));
        }
        assertEquals(1362200, compute(b, 1));
    }

    /**
     * CG class S on 2 ranks: log2 2 = 1 is odd, so NPB's grid is 1 x 2 (nprows 1, npcols 2), rows 1400 and columns
     * 700 a rank. The row sum has l2npcols = 1 step, the one with the other rank, which on a non-square grid sends
     * the half of the rows the partner keeps: 1400 - send_len (even rank (1 + 1400) / 2 = 700, odd 1400 / 2 = 700),
     * 700 doubles, 5600 B. exch_proc = 2 (me/2 mod 1 x 1 + me/2/1) + me mod 2 = me: the transpose is a local copy.
     * A dot is 1 step of 8 B. An outer iteration: rho (8 B); 26 products (5600 B) each with its dot (8 B); 25 more
     * dots; the norms (16 B): 1 + 26 + 26 + 25 + 1 = 79 messages, 8 + 26 x 5608 + 200 + 16 = 146032 B each way.
     * Flops: product 2 x 1400 x 64 / 2 = 89600 and the row sum's 700 adds; 26 x 90300 + 256 x 700 = 2347800 + 179200
     * = 2527000.
     */
    @Test
    void cgClassSOnTwoRanksIsOneByTwo() {
        Skeletons.Built b = Skeletons.make("cg", "S", 2, ONE);
        same(new long[] {79, 146032, 79, 146032}, counts(b));
        assertEquals(2527000, compute(b, 0));
        assertEquals(2527000, compute(b, 1));
    }

    /**
     * CG class S on 8 ranks: log2 8 = 3, a 2 x 4 grid (nprows 2, npcols 4), rank me in row me / 4, column me % 4;
     * rows 1400 / 2 = 700, columns 1400 / 4 = 350, send_len 350 (even (1 + 700) / 2, odd 700 / 2). reduce_exch_proc:
     * step 1 the column 2 away (col xor 2), step 2 the next one (col xor 1). A product's row sum runs step 2 then
     * step 1: first the half the neighbour keeps (700 - 350 = 350 doubles), then the own half (350): 2 x 2800 B.
     * exch_proc = 2 (m mod 2 x 2 + m / 2) + me mod 2 with m = me / 2: 0, 1, 4, 5, 2, 3, 6, 7, so ranks 2-5 swap
     * 350 doubles (2800 B) with it after each product, and 0, 1, 6, 7 copy locally. A dot: step 1 then 2, 8 B each
     * (the norms 16 B). Ranks 0, 1, 6, 7: rho 2, products 26 x 2, dots 51 x 2, norms 2: 158 messages,
     * 16 + 26 x 5600 + 51 x 16 + 32 = 146464 B each way. Ranks 2-5: 26 transposes more, 184 messages, 146464 + 72800
     * = 219264 B. Flops: product 2 x 1400 x 64 / 8 = 22400, its row sum's 2 x 350 adds; 26 x 23100 + 256 x 350 =
     * 600600 + 89600 = 690200. Rank 0's first steps: rho with 2 then 1; the product's row sum with 1 then 2, adding
     * 350 doubles after each; its dot with 2 then 1. Rank 2's: rho with 0 then 3; the row sum with 3 then 0; the
     * transpose with 4.
     */
    @Test
    void cgClassSOnEightRanksIsTwoByFour() {
        Skeletons.Built b = Skeletons.make("cg", "S", 8, ONE);
        twoKinds(b, 8, r -> r >= 2 && r <= 5, List.of(184L, 219264L, 184L, 219264L), 690200,
                List.of(158L, 146464L, 158L, 146464L), 690200);
        assertEquals(List.of(Op.send(2, 8), Op.recv(2, 8), Op.send(1, 8), Op.recv(1, 8), Op.compute(22400),
                Op.send(1, 2800), Op.recv(1, 2800), Op.compute(350), Op.send(2, 2800), Op.recv(2, 2800),
                Op.compute(350), Op.compute(700), Op.send(2, 8), Op.recv(2, 8), Op.send(1, 8), Op.recv(1, 8)),
                b.ops().get(0).subList(0, 16));
        assertEquals(List.of(Op.send(0, 8), Op.recv(0, 8), Op.send(3, 8), Op.recv(3, 8), Op.compute(22400),
                Op.send(3, 2800), Op.recv(3, 2800), Op.compute(350), Op.send(0, 2800), Op.recv(0, 2800),
                Op.compute(350), Op.send(4, 2800), Op.recv(4, 2800), Op.compute(700)), b.ops().get(2).subList(0, 14));
    }

    /** CG takes any power of two, as NPB does: from 1 to 128 ranks (128: 8 x 16, na 1400 not a multiple of 16). */
    @Test
    void cgCompletesOnEveryPowerOfTwoAndRefusesTheRest() {
        completesOnEveryPowerOfTwo("cg", "S", "W", "A");
        assertEquals("cg needs a power of two hosts, the job has 12", refusal("cg", "S", 12));
    }

    /**
     * LU class S: 12^3, 50 iterations, a 2 x 2 grid of 6 x 6 x 12 blocks, 10 interior planes. A sweep line is 5 x 6
     * doubles (240 B). Lower sweep: rank 0 sends south and east each plane (20), 1 and 2 one each (10), 3 none; the
     * upper sweep the mirror: every rank sends 20 in all, and takes 20. The rhs exchange: 10 x 6 x 12 doubles
     * (5760 B) to each of its 2 neighbours. 22 messages, 4800 + 11520 = 16320 B each way. Flops: 2 x 10 x 36 x 320
     * + 36 x 12 x 300 = 230400 + 129600 = 360000.
     */
    @Test
    void luClassS() {
        evenOnFour("lu", 50, new long[] {22, 16320, 22, 16320}, 2, 360000);
    }

    /**
     * NOW-Sort, Datamation: 10^6 records, 250000 a rank, 62500 to each other rank: 1562 messages of 40 records and
     * one of 20 (1563, 6250000 B) to each of 3: 4689 messages, 18750000 B each way. One pass; 250000 + 2 x 250000
     * key operations.
     */
    @Test
    void nowSortClassS() {
        Skeletons.Built b = evenOnFour("nowsort", 1, new long[] {4689, 18750000, 4689, 18750000}, 0, 750000);
        assertEquals(2000, b.ops().get(0).stream().filter(o -> o.kind() == Op.Kind.SEND).mapToLong(Op::amount)
                .min().orElseThrow());
    }

    /**
     * MG class S: 32^3, 4 iterations, levels 5..1 of 32..2 points a side. On 4 ranks NPB's split is 1 x 2 x 2
     * (log2 4 / 3 = 0 halvings in x, (2 - 0) / 2 = 1 in y, the rest in z): level l holds 2^l x 2^(l-1) x 2^(l-1)
     * points a rank, none dead. x's neighbour is the rank itself (a local copy, no message); y's and z's is the one
     * other rank that way, both directions: 4 messages a comm3, faces (m_x + 2) m_z (y) and (m_x + 2)(m_y + 2) (z)
     * doubles. Level 5 (32, 16, 16): 34 x 16 = 544 (4352 B) and 34 x 18 = 612 (4896 B): 18496 B a comm3; level 4
     * (16, 8, 8): 144 and 180 doubles, 5184 B; level 3 (8, 4, 4): 40 and 60, 1600 B; level 2 (4, 2, 2): 12 and 24,
     * 576 B; level 1 (2, 1, 1): 4 and 12, 256 B. comm3 calls an iteration: level 1 twice (rprj3 into it, psinv),
     * levels 2-4 three times (rprj3 into it, resid, psinv), level 5 three times (resid, psinv, the final resid):
     * 14 calls, 56 messages, 2 x 256 + 3 x (576 + 1600 + 5184 + 18496) = 78080 B each way. Points a rank: 8192,
     * 1024, 128, 16, 2 (levels 5..1). Flops: rprj3 24 x (1024 + 128 + 16 + 2) = 28080; psinv on level 1 16 x 2 =
     * 32; interp 20 x 1170 = 23400; resid and psinv on levels 2-5 (15 + 16) x 9360 = 290160; final resid 15 x 8192
     * = 122880: 464552, 56.7 a fine point (NPB rates MG at 58).
     */
    @Test
    void mgClassS() {
        evenOnFour("mg", 4, new long[] {56, 78080, 56, 78080}, 0, 464552);
    }

    /**
     * MG class S on 16 ranks, where the coarsest level has dead ranks. Split 2 x 2 x 4 (1 halving in x, (4 - 1) / 2
     * = 1 in y, 4 in z). Level l holds 2^(l-1) x 2^(l-1) x 2^(l-2) points; level 1 has 2 points along z for 4 ranks:
     * NPB's share ((i + 1) 2) / 4 - (i 2) / 4 gives z-index 1 and 3 a point and 0 and 2 none, so ranks with z-index
     * 0 or 2 (0-3, 8-11) are dead there, and the live ones exchange along z with the rank 2 away (both ways the same
     * rank). x and y have 2 ranks: one neighbour both ways. Faces (x: m_y m_z, y: (m_x + 2) m_z, z: (m_x + 2)(m_y +
     * 2) doubles), 6 messages a comm3: level 5 (16, 16, 8): 128, 144, 324 doubles, 9536 B a comm3; level 4 (8, 8,
     * 4): 32, 40, 100, 2752 B; level 3 (4, 4, 2): 8, 12, 36, 896 B; level 2 (2, 2, 1): 2, 4, 16, 352 B; three calls
     * each: 72 messages, 40608 B. Level 1 (1, 1, 1), live ranks only, twice: faces 1, 3, 9 doubles, 12 messages,
     * 416 B. interp's comm3_ex into level 2 along z: z-index 1 and 3 give the rank above two planes of (2 + 2)(2 + 2)
     * doubles (256 B) and the rank below one (128 B); 0 and 2 take them. Live: 86 messages, 41408 B out; 84, 41024 B
     * in. Dead: 72, 40608 B out; 74, 40992 B in. A dead rank skips level 1's rprj3, psinv and interp: 60 flops of
     * 116168 (24 x 293 + 16 + 20 x 293 + 31 x 2340 + 15 x 2048).
     */
    @Test
    void mgDeadCoarseLevelsOn16Ranks() {
        Skeletons.Built b = Skeletons.make("mg", "S", 16, ONE);
        // Live ranks have z-index 1 or 3.
        twoKinds(b, 16, r -> (r / 4) % 2 == 1, List.of(86L, 41408L, 84L, 41024L), 116168,
                List.of(72L, 40608L, 74L, 40992L), 116108);
    }

    /**
     * Radix class S: 2^16 keys a rank, 8-bit digits, 4 passes (an iteration is a pass). The all-gather of 256-count
     * histograms (1024 B) on 4 ranks: 2 steps, 1024 B with r ^ 1, then the 2 histograms it has (2048 B) with r ^ 2.
     * The keys: 65536 / 4 = 16384 to each of 3 ranks, 8 batches of 2048 keys (8192 B): 24 messages, 196608 B. 26
     * messages, 199680 B each way. Key operations: count 65536, scan 4 x 256 = 1024, batch 65536, place 65536:
     * 197632.
     */
    @Test
    void radixClassS() {
        evenOnFour("radix", 4, new long[] {26, 199680, 26, 199680}, 1, 197632);
    }

    /**
     * EM3D class S: 500 E and 500 H nodes a rank, degree 10, 20% of edges remote, span 2, 10 iterations. On 4 ranks
     * r +- 1 and r +- 2 are the 3 other ranks (r + 2 = r - 2), so each half-step a rank sends to and takes from each
     * of them: 6 messages each way an iteration. Its 5000 edges a half-step have 1000 remote on average, to r + 1
     * and r - 1 a quarter each (250) and to r + 2 a half (500). 250 reads of 500 nodes hit 500 (1 - (1 - 1/500)^250)
     * = 196.9 distinct ones on average, 500 reads 316.2: 710 values, 5680 B a half-step, 11360 B an iteration each
     * way; the draws move that by a few percent (a pair's remote edges vary by about 15 in 250), so within 10%.
     * The pairs differ (irregular). Flops: 2 half-steps x 500 nodes x 10 edges x 2 = 20000.
     */
    @Test
    void em3dClassS() {
        Skeletons.Built b = Skeletons.make("em3d", "S", 4, ONE);
        assertEquals(10, b.iterations());
        long[][] c = counts(b);
        for (int r = 0; r < 4; r++) {
            assertEquals(6, c[r][0], "rank " + r);
            assertEquals(6, c[r][2], "rank " + r);
            assertEquals(11360, c[r][1], 1136, "rank " + r);
            assertEquals(11360, c[r][3], 1136, "rank " + r);
            assertEquals(20000, compute(b, r));
        }
        assertTrue(b.ops().stream().flatMap(List::stream).filter(o -> o.kind() == Op.Kind.SEND)
                .map(Op::amount).distinct().count() > 6, "per-pair sizes differ");
        assertEquals(b.ops(), Skeletons.make("em3d", "S", 4, ONE).ops(), "the graph is fixed by the skeleton seed");
    }

    /** MG's, radix's and EM3D's schedules complete, every message taken at its size, from 1 to 128 ranks. */
    @Test
    void newSkeletonsCompleteOnEveryPowerOfTwo() {
        for (String name : new String[] {"mg", "radix", "em3d"}) {
            completesOnEveryPowerOfTwo(name, "S", "W");
        }
    }

    @Test
    void unknownSkeletonsAndClassesAreRefused() {
        assertEquals("unknown skeleton 'sp' (known: is, ft, cg, lu, mg, nowsort, radix, em3d)",
                refusal("sp", "S", 4));
        assertEquals("mg needs a power of two hosts, the job has 12", refusal("mg", "S", 12));
        assertEquals("radix needs a power of two hosts, the job has 3", refusal("radix", "S", 3));
        assertEquals("nowsort has no class 'A' (known: S)", refusal("nowsort", "A", 4));
        assertEquals("is needs a power of two hosts, the job has 6", refusal("is", "S", 6));
    }
}
