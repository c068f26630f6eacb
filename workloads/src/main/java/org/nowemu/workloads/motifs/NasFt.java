package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * NAS FT (3D FFT, NPB 2 MPI, 1D layout: each rank holds nz/n planes): each iteration evolves the field (a complex
 * times a real, 2 flops a point), runs the 2D FFTs of its planes (5 N log2 N flops for N points: 5 log2(nx ny) a
 * point), transposes by alltoall (N/n^2 complex doubles, 16 bytes each, per pair), runs the FFTs along z
 * (5 log2 nz a point), and reduces the checksum to rank 0 (one complex, 16 bytes).
 */
final class NasFt {
    private NasFt() {
    }

    /** Class: nx, ny, nz, iterations (NPB 2 report). */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {64, 64, 64, 6},
            "W", new long[] {128, 128, 32, 6},
            "A", new long[] {256, 256, 128, 6});

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        Skeletons.log2("ft", n);
        long[] k = Skeletons.row(CLASSES, cls);
        if (n > k[2]) {
            throw new IllegalArgumentException("ft class " + cls + " splits its " + k[2] + " planes over at most "
                    + k[2] + " hosts, the job has " + n);
        }
        long points = k[0] * k[1] * k[2];
        long mine = points / n;
        Ranks g = new Ranks(n);
        g.computeAll(mine * (2 + 5 * lg(k[0] * k[1])) * c.flopPs());
        Collectives.alltoall(g, points / n / n * 16);
        g.computeAll(mine * 5 * lg(k[2]) * c.flopPs());
        Collectives.reduce(g, 16);
        return new Skeletons.Built(g.build(), (int) k[3]);
    }

    static long lg(long v) {
        return 63 - Long.numberOfLeadingZeros(v);
    }
}
