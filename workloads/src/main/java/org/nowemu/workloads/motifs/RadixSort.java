package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * Split-C radix sort (Culler et al., "Parallel Programming in Split-C", SC 1993; Dusseau et al., "Fast Parallel
 * Sorting under LogP", IEEE TPDS 1996) of 32-bit keys, 8-bit digits: 4 passes, least significant digit first; an
 * iteration is one pass. A rank counts its keys' digits into a 256-entry local histogram (one key operation a key),
 * gathers every rank's histogram (an all-gather by recursive doubling: in step i it swaps the 2^i histograms it has,
 * 1 KiB each, with the rank differing in bit i) and scans the n x 256 counts for where each of its keys goes (one
 * operation a count), moves each key into the batch for its destination (one a key) and sends them: uniform keys
 * put keys / n on each rank, sent in the pairwise order of an alltoall in batches of 2048 keys (8 KiB, AM-II's
 * largest medium message; the batch is this skeleton's choice), and it places the keys it receives (one a key).
 */
final class RadixSort {
    private RadixSort() {
    }

    /** Class: keys a rank (the papers sorted up to 1M keys a processor on the CM-5). */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {1L << 16},
            "W", new long[] {1L << 18},
            "A", new long[] {1L << 20});
    static final int PASSES = 4;
    static final long BUCKETS = 256;
    static final long KEY_BYTES = 4;
    static final long BATCH = 2048;

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        Skeletons.log2("radix", n);
        long keys = Skeletons.row(CLASSES, cls)[0];
        Ranks g = new Ranks(n);
        g.computeAll(keys * c.keyPs());
        for (int mask = 1; mask < n; mask <<= 1) {
            for (int r = 0; r < n; r++) {
                g.exchange(r, r ^ mask, r ^ mask, mask * BUCKETS * 4);
            }
        }
        g.computeAll((n * BUCKETS + keys) * c.keyPs());
        long pair = keys / n;
        for (int i = 1; i < n; i++) {
            for (int r = 0; r < n; r++) {
                int to = (r + i) % n;
                int from = (r - i + n) % n;
                for (long left = pair; left > 0; left -= BATCH) {
                    g.send(r, to, Math.min(BATCH, left) * KEY_BYTES);
                }
                for (long left = pair; left > 0; left -= BATCH) {
                    g.recv(r, from, Math.min(BATCH, left) * KEY_BYTES);
                }
            }
        }
        g.computeAll(keys * c.keyPs());
        return new Skeletons.Built(g.build(), PASSES);
    }
}
