package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * NAS CG (conjugate gradient) as NPB 2's MPI cg.f lays it out on any power-of-two count: nprows x npcols ranks,
 * npcols = nprows when log2 n is even, else 2 nprows (32 ranks: 4 x 8); rank me in row me / npcols, column
 * me % npcols. An outer iteration is one conj_grad of 25 iterations and the norms. A matrix-vector product sums the
 * row's partial products in log2 npcols exchanges (reduce_exch_proc: the partner's column differs by 1, then 2, ...,
 * npcols / 2), then swaps the rank's piece with its transpose rank (exch_proc); a dot product is the same log2 npcols
 * exchanges of one double in the other order (npcols / 2 first). The sizes are setup_submatrix_info's: on a square
 * grid every step moves the rank's rows (na / nprows doubles); on a non-square one the first step sends the half of
 * the rows the neighbour keeps, and every later step and the transpose only the rank's own half (send_len).
 * Compute: 2 flops per nonzero of the rank's block (na (nonzer + 1)^2 nonzeros, makea's bound, / n), a flop per
 * double a row sum takes in, 10 flops per element of the rank's columns of vector work a CG iteration.
 * docs/workloads.md §8 says where each number comes from.
 */
final class NasCg {
    private NasCg() {
    }

    /** Class: na, nonzer, outer iterations (NPB 2 report); 25 conj_grad iterations each. */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {1400, 7, 15},
            "W", new long[] {7000, 8, 15},
            "A", new long[] {14000, 11, 15});
    private static final int INNER = 25;

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        long[] k = Skeletons.row(CLASSES, cls);
        Layout l = new Layout(Skeletons.log2("cg", n), (int) k[0]);
        long matvec = 2 * k[0] * (k[1] + 1) * (k[1] + 1) / n * c.flopPs();
        Ranks g = new Ranks(n);
        l.dot(g, 8);
        for (int it = 0; it <= INNER; it++) {
            g.computeAll(matvec);
            l.rowSum(g, c);
            l.transpose(g);
            l.vector(g, 2, c);
            l.dot(g, 8);
            if (it < INNER) {
                l.vector(g, 6, c);
                l.dot(g, 8);
                l.vector(g, 2, c);
            }
        }
        l.vector(g, 4, c);
        l.dot(g, 16);
        return new Skeletons.Built(g.build(), (int) k[2]);
    }

    /** setup_proc_info's grid and setup_submatrix_info's pieces, per rank. */
    static final class Layout {
        final int n;
        final int nprows;
        final int npcols;
        final int l2npcols;
        final long[] rows;
        final long[] cols;
        final long[] sendLen;

        Layout(int log2n, int na) {
            n = 1 << log2n;
            nprows = 1 << (log2n / 2);
            npcols = 1 << (log2n - log2n / 2);
            l2npcols = Integer.numberOfTrailingZeros(npcols);
            rows = new long[n];
            cols = new long[n];
            sendLen = new long[n];
            for (int me = 0; me < n; me++) {
                int row = me / npcols;
                int col = me % npcols;
                boolean even = me % 2 == 0;
                if (na % npcols == 0) {
                    rows[me] = na / nprows;
                    cols[me] = na / npcols;
                } else {
                    rows[me] = na / nprows + (row < na % nprows ? 1 : 0);
                    if (npcols == nprows) {
                        cols[me] = na / npcols + (col < na % npcols ? 1 : 0);
                    } else {
                        int half = npcols / 2;
                        long size = na / half + (col / 2 < na % half ? 1 : 0);
                        cols[me] = even ? (size - 1) / 2 + 1 : size / 2;
                    }
                }
                sendLen[me] = npcols == nprows ? rows[me] : even ? (1 + rows[me]) / 2 : rows[me] / 2;
            }
        }

        /** reduce_exch_proc(i), i = 1..l2npcols: the rank in me's row whose column differs by npcols / 2^i. */
        int partner(int me, int i) {
            int div = npcols >> (i - 1);
            int col = me % npcols;
            return me / npcols * npcols + (col + div / 2) % div + col / div * div;
        }

        /** exch_proc: the transpose rank (on a non-square grid, of me's pair, the same side of it). */
        int transposeOf(int me) {
            if (npcols == nprows) {
                return me % nprows * nprows + me / nprows;
            }
            int m = me / 2;
            return 2 * (m % nprows * nprows + m / nprows) + me % 2;
        }

        /** reduce_send_lengths(i): doubles me sends in step i of a product's row sum. */
        long rowSumLength(int me, int i) {
            return npcols != nprows && i == l2npcols ? rows[me] - sendLen[me] : sendLen[me];
        }

        /**
         * A product's row sum: steps i = l2npcols down to 1, each taking what the partner sends and adding it in (a
         * flop a double received).
         */
        void rowSum(Ranks g, SkeletonCosts c) {
            for (int me = 0; me < n; me++) {
                for (int i = l2npcols; i >= 1; i--) {
                    int p = partner(me, i);
                    g.send(me, p, 8 * rowSumLength(me, i));
                    g.recv(me, p, 8 * rowSumLength(p, i));
                    g.compute(me, rowSumLength(p, i) * c.flopPs());
                }
            }
        }

        /** The swap of the summed piece with the transpose rank (a local copy where that is me, or on one rank). */
        void transpose(Ranks g) {
            for (int me = 0; me < n; me++) {
                int p = transposeOf(me);
                g.send(me, p, 8 * sendLen[me]);
                g.recv(me, p, 8 * sendLen[p]);
            }
        }

        /** A dot product's sum (or the norms' two): steps i = 1 to l2npcols of {@code bytes}. */
        void dot(Ranks g, long bytes) {
            for (int me = 0; me < n; me++) {
                for (int i = 1; i <= l2npcols; i++) {
                    g.exchange(me, partner(me, i), partner(me, i), bytes);
                }
            }
        }

        /** {@code flops} per element of each rank's columns, its share of the vectors. */
        void vector(Ranks g, long flops, SkeletonCosts c) {
            for (int me = 0; me < n; me++) {
                g.compute(me, flops * cols[me] * c.flopPs());
            }
        }
    }
}
