package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * NAS IS (integer sort, NPB 2 MPI): each of 10 iterations ranks the keys. A rank counts its keys into buckets (a
 * pass to count, a pass to place: 2 passes over its keys), allreduces the bucket counts and the 5 test keys hidden
 * after them (buckets + 5 ints), alltoalls how many keys it sends each rank (one int), alltoallvs the keys (4 bytes
 * each, a balanced share: the bucket split gives every rank about as many keys as it started with, and each sender's
 * keys are drawn alike, so keys/n^2 per pair), and ranks what it received (2 passes: populations, prefix sum).
 */
final class NasIs {
    private NasIs() {
    }

    /** Class: total keys, buckets (NPB 2 report; buckets from NPB's MPI IS source), iterations. */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {1L << 16, 1 << 9, 10},
            "W", new long[] {1L << 20, 1 << 10, 10},
            "A", new long[] {1L << 23, 1 << 10, 10});

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        Skeletons.log2("is", n);
        long[] k = Skeletons.row(CLASSES, cls);
        long keys = k[0] / n;
        Ranks g = new Ranks(n);
        g.computeAll(2 * keys * c.keyPs());
        Collectives.allreduce(g, (k[1] + 5) * 4);
        Collectives.alltoall(g, 4);
        Collectives.alltoall(g, k[0] / n / n * 4);
        g.computeAll(2 * keys * c.keyPs());
        return new Skeletons.Built(g.build(), (int) k[2]);
    }
}
