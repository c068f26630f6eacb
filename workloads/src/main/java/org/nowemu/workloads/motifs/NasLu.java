package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * NAS LU (SSOR, NPB 2 MPI) on its 2D process grid (for 2^d ranks, 2^(d/2) rows, doubled when d is odd, by n / rows
 * columns; each rank an lx x ly x nz block). An iteration: the lower sweep, plane by plane (k = 1..nz-2), each rank
 * waiting for its north and west neighbours' boundary line (5 doubles a point of the line), computing the plane and
 * sending south and east; the upper sweep back; then the rhs, whose exchange sends each neighbour two boundary
 * layers of 5 doubles over the block's face (10 x side x nz doubles). Compute: the sweeps' 5x5 block work, about
 * 320 flops a point a sweep (four blocks formed, three applied to neighbours, the diagonal solved), and the rhs,
 * about 300 flops a point: estimates from the kernels' block arithmetic, charged at the flop cost.
 */
final class NasLu {
    private NasLu() {
    }

    /** Class: grid side (nx = ny = nz), iterations (NPB 2 report). */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {12, 50},
            "W", new long[] {33, 300},
            "A", new long[] {64, 250});
    static final long SWEEP_FLOPS = 320;
    static final long RHS_FLOPS = 300;

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        int d = Skeletons.log2("lu", n);
        long[] k = Skeletons.row(CLASSES, cls);
        int rows = (1 << (d / 2)) * (d % 2 == 1 ? 2 : 1);
        int cols = n / rows;
        long side = k[0];
        if (rows > side - 2 || cols > side - 2) {
            throw new IllegalArgumentException("lu class " + cls + " is too small for " + n + " hosts");
        }
        Ranks g = new Ranks(n);
        long planes = side - 2;
        for (int dir = 0; dir < 2; dir++) {
            for (long p = 0; p < planes; p++) {
                for (int r = 0; r < n; r++) {
                    int i = r / cols;
                    int j = r % cols;
                    long lx = part(side, rows, i);
                    long ly = part(side, cols, j);
                    int s = dir == 0 ? -1 : 1;
                    if (inside(i + s, rows)) {
                        g.recv(r, r + s * cols, 5 * ly * 8);
                    }
                    if (inside(j + s, cols)) {
                        g.recv(r, r + s, 5 * lx * 8);
                    }
                    g.compute(r, lx * ly * SWEEP_FLOPS * c.flopPs());
                    if (inside(i - s, rows)) {
                        g.send(r, r - s * cols, 5 * ly * 8);
                    }
                    if (inside(j - s, cols)) {
                        g.send(r, r - s, 5 * lx * 8);
                    }
                }
            }
        }
        for (int r = 0; r < n; r++) {
            int i = r / cols;
            int j = r % cols;
            long lx = part(side, rows, i);
            long ly = part(side, cols, j);
            int[] to = {i > 0 ? r - cols : -1, i < rows - 1 ? r + cols : -1, j > 0 ? r - 1 : -1,
                    j < cols - 1 ? r + 1 : -1};
            for (int w = 0; w < 4; w++) {
                if (to[w] >= 0) {
                    g.send(r, to[w], 10 * (w < 2 ? ly : lx) * side * 8);
                }
            }
            for (int w = 0; w < 4; w++) {
                if (to[w] >= 0) {
                    g.recv(r, to[w], 10 * (w < 2 ? part(side, cols, to[w] % cols) : part(side, rows, to[w] / cols))
                            * side * 8);
                }
            }
            g.compute(r, lx * ly * side * RHS_FLOPS * c.flopPs());
        }
        return new Skeletons.Built(g.build(), (int) k[1]);
    }

    /** The share of {@code side} points of part {@code i} of {@code parts}: the first side % parts get one more. */
    static long part(long side, int parts, int i) {
        return side / parts + (i < side % parts ? 1 : 0);
    }

    private static boolean inside(int v, int size) {
        return v >= 0 && v < size;
    }
}
