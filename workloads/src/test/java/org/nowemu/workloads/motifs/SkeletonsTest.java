package org.nowemu.workloads.motifs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
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

    private static void same(long[] each, long[][] got) {
        for (long[] rank : got) {
            assertEquals(List.of(each[0], each[1], each[2], each[3]), List.of(rank[0], rank[1], rank[2], rank[3]));
        }
    }

    /**
     * IS class S: 2^16 keys, 2^9 buckets, 10 iterations; 16384 keys a rank. An iteration: allreduce of 512 + 5 ints
     * (2068 B) in log2 4 = 2 exchanges; alltoall of one int to 3 ranks (12 B); alltoallv of 65536 / 16 = 4096 keys
     * (16384 B) to each of 3 ranks. 8 messages, 4136 + 12 + 49152 = 53300 B each way. Compute: 4 passes over 16384
     * keys = 65536 key operations.
     */
    @Test
    void isClassS() {
        Skeletons.Built b = Skeletons.make("is", "S", 4, ONE);
        assertEquals(10, b.iterations());
        same(new long[] {8, 53300, 8, 53300}, counts(b));
        assertEquals(65536, compute(b, 3));
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
        assertEquals(List.of(3L, 786432L, 5L, 786464L), List.of(c[0][0], c[0][1], c[0][2], c[0][3]));
        assertEquals(List.of(4L, 786448L, 3L, 786432L), List.of(c[1][0], c[1][1], c[1][2], c[1][3]));
        assertEquals(List.of(4L, 786448L, 4L, 786448L), List.of(c[2][0], c[2][1], c[2][2], c[2][3]));
        assertEquals(List.of(4L, 786448L, 3L, 786432L), List.of(c[3][0], c[3][1], c[3][2], c[3][3]));
        assertEquals(6029312, compute(b, 0));
    }

    /**
     * CG class S: na 1400, nonzer 7, 15 outer iterations, a 2 x 2 grid: one row exchange a sum (log2 2), segments
     * of 700 doubles (5600 B). An outer iteration: rho (8 B); 26 products (25 and the residual's), each a row exchange
     * (5600 B) and a dot (8 B); 25 more dots (8 B); the norms (16 B). Ranks 0 and 3 are their own transpose: 1 + 52
     * + 25 + 1 = 79 messages, 8 + 26 x 5608 + 200 + 16 = 146032 B. Ranks 1 and 2 swap 26 segments besides: 105
     * messages, 146032 + 145600 = 291632 B. Flops: product 2 x 1400 x 64 / 4 = 44800; 26 x (44800 + 1400) + 25 x 5600
     * + 2800 = 1344000.
     */
    @Test
    void cgClassS() {
        Skeletons.Built b = Skeletons.make("cg", "S", 4, ONE);
        assertEquals(15, b.iterations());
        long[][] c = counts(b);
        for (int r : new int[] {0, 3}) {
            assertEquals(List.of(79L, 146032L, 79L, 146032L), List.of(c[r][0], c[r][1], c[r][2], c[r][3]));
        }
        for (int r : new int[] {1, 2}) {
            assertEquals(List.of(105L, 291632L, 105L, 291632L), List.of(c[r][0], c[r][1], c[r][2], c[r][3]));
        }
        assertEquals(1344000, compute(b, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Skeletons.make("cg", "S", 8,
                ONE));
        assertEquals("cg needs a square number of hosts (1, 4, 16, 64...) for its process grid, the job has 8",
                e.getMessage());
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
        Skeletons.Built b = Skeletons.make("lu", "S", 4, ONE);
        assertEquals(50, b.iterations());
        same(new long[] {22, 16320, 22, 16320}, counts(b));
        assertEquals(360000, compute(b, 2));
    }

    /**
     * NOW-Sort, Datamation: 10^6 records, 250000 a rank, 62500 to each other rank: 1562 messages of 40 records and
     * one of 20 (1563, 6250000 B) to each of 3: 4689 messages, 18750000 B each way. One pass; 250000 + 2 x 250000
     * key operations.
     */
    @Test
    void nowSortClassS() {
        Skeletons.Built b = Skeletons.make("nowsort", "S", 4, ONE);
        assertEquals(1, b.iterations());
        same(new long[] {4689, 18750000, 4689, 18750000}, counts(b));
        assertEquals(750000, compute(b, 0));
        assertEquals(2000, b.ops().get(0).stream().filter(o -> o.kind() == Op.Kind.SEND).mapToLong(Op::amount)
                .min().orElseThrow());
    }

    @Test
    void unknownSkeletonsAndClassesAreRefused() {
        assertEquals("unknown skeleton 'mg' (known: is, ft, cg, lu, nowsort)", assertThrows(
                IllegalArgumentException.class, () -> Skeletons.make("mg", "S", 4, ONE)).getMessage());
        assertEquals("nowsort has no class 'A' (known: S)", assertThrows(IllegalArgumentException.class,
                () -> Skeletons.make("nowsort", "A", 4, ONE)).getMessage());
        assertEquals("is needs a power of two hosts, the job has 6", assertThrows(IllegalArgumentException.class,
                () -> Skeletons.make("is", "S", 6, ONE)).getMessage());
    }
}
