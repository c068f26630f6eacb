package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * NAS CG (conjugate gradient, NPB 2 MPI) on its square process grid, sqrt(n) x sqrt(n) (the skeleton takes the
 * square counts only: 1, 4, 16, 64 ranks). An outer iteration is one conj_grad of 25 iterations and a norm. Each
 * matrix-vector product sums the partial products across the row in log2 sqrt(n) pairwise exchanges of the row's
 * segment (na / sqrt(n) doubles, with the partner whose column differs by sqrt(n)/2, then /4, ...), then swaps the
 * segment with the transpose rank (row and column exchanged; a diagonal rank copies locally); each dot product is
 * the same log2 sqrt(n) exchanges of one double. Per conj_grad: a dot (rho), 25 x (product, dot p.q, dot rho),
 * the residual's product and dot; then the norms, two doubles. Compute: 2 flops per nonzero of the rank's block
 * (na (nonzer + 1)^2 nonzeros, makea's bound, / n), 10 flops per segment element of vector work an iteration.
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
        int d = Skeletons.log2("cg", n);
        if (d % 2 != 0) {
            throw new IllegalArgumentException("cg needs a square number of hosts (1, 4, 16, 64...) for its process"
                    + " grid, the job has " + n);
        }
        long[] k = Skeletons.row(CLASSES, cls);
        int side = 1 << (d / 2);
        long seg = k[0] / side;
        long matvec = 2 * k[0] * (k[1] + 1) * (k[1] + 1) / n * c.flopPs();
        Ranks g = new Ranks(n);
        rowSum(g, side, 8);
        for (int it = 0; it <= INNER; it++) {
            g.computeAll(matvec);
            rowSum(g, side, seg * 8);
            transpose(g, side, seg * 8);
            g.computeAll(2 * seg * c.flopPs());
            rowSum(g, side, 8);
            if (it < INNER) {
                g.computeAll(6 * seg * c.flopPs());
                rowSum(g, side, 8);
                g.computeAll(2 * seg * c.flopPs());
            }
        }
        g.computeAll(4 * seg * c.flopPs());
        rowSum(g, side, 16);
        return new Skeletons.Built(g.build(), (int) k[2]);
    }

    /** A sum across each row: log2(side) exchanges, the partner's column differing by side/2, side/4, ... */
    static void rowSum(Ranks g, int side, long bytes) {
        for (int r = 0; r < g.n; r++) {
            int row = r / side;
            int col = r % side;
            for (int half = side / 2; half > 0; half /= 2) {
                int partner = row * side + (col ^ half);
                g.exchange(r, partner, partner, bytes);
            }
        }
    }

    /** The swap with the transpose rank; the diagonal's is a local copy. */
    static void transpose(Ranks g, int side, long bytes) {
        for (int r = 0; r < g.n; r++) {
            int partner = (r % side) * side + r / side;
            g.exchange(r, partner, partner, bytes);
        }
    }
}
