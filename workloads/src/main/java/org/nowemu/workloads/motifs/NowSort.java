package org.nowemu.workloads.motifs;

/**
 * NOW-Sort's one pass (Arpaci-Dusseau et al., SIGMOD 1997), on the Datamation benchmark's input, 1,000,000 records
 * of 100 bytes spread evenly over the ranks. Each rank reads its records and partitions them by key (a pass), sends
 * every other rank its share (keys are uniform: records / n^2 per pair) in the pairwise order of an alltoall,
 * batched 40 records to a 4,000-byte message (the most whole records in AM-II's 4 KB medium message; the batch is
 * this skeleton's choice), and sorts what it received (two passes: bucket, then sort within buckets).
 */
final class NowSort {
    private NowSort() {
    }

    static final long RECORDS = 1_000_000;
    static final long RECORD_BYTES = 100;
    static final long BATCH = 40;

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        long mine = RECORDS / n;
        long pair = RECORDS / n / n;
        Ranks g = new Ranks(n);
        g.computeAll(mine * c.keyPs());
        for (int i = 1; i < n; i++) {
            for (int r = 0; r < n; r++) {
                int to = (r + i) % n;
                int from = (r - i + n) % n;
                for (long left = pair; left > 0; left -= BATCH) {
                    g.send(r, to, Math.min(BATCH, left) * RECORD_BYTES);
                }
                for (long left = pair; left > 0; left -= BATCH) {
                    g.recv(r, from, Math.min(BATCH, left) * RECORD_BYTES);
                }
            }
        }
        g.computeAll(2 * mine * c.keyPs());
        return new Skeletons.Built(g.build(), 1);
    }
}
