package org.nowemu.workloads.motifs;

import java.util.Map;

/**
 * NAS MG (multigrid, NPB 2 MPI): one iteration is a V-cycle (mg3P) and the residual after it. The side x side x side
 * grid is split over the ranks as NPB's setup splits it: log2 n / 3 halvings in x, half the rest in y, the rest in z.
 * Level k (1..lt, lt = log2 side) has 2^k points a side. Down the cycle, rprj3 restricts to each coarser level; at
 * level 1 psinv smooths; up the cycle, interp prolongs to each finer level, resid and psinv run on it; then resid on
 * the finest. Every rprj3, psinv and resid ends in comm3, the ghost-cell exchange of the level: along each axis
 * the rank sends its upper face to the upper neighbour and its lower face to the lower one, then waits for both
 * (faces of m_y m_z, (m_x + 2) m_z and (m_x + 2)(m_y + 2) doubles along x, y, z, m the rank's points on the level:
 * a later axis carries the ghosts an earlier one filled). Coarse levels, NPB's rule: where a level has fewer points
 * along an axis than ranks, a rank whose share is none is dead on it (no compute, no comm3) and the live ones
 * exchange with the live neighbour next(axis) ranks away; interp's comm3_ex then hands the planes of the finer
 * level from the ranks that were live to those that were not. Compute per point of the level the kernel writes,
 * the kernels' own counts in the NPB MG source: resid 15 flops, psinv 16, rprj3 24 (a coarse point), interp 20 (a
 * coarse point), about NPB's 58 flops a fine-grid point an iteration. The norms before and after the iterations
 * are outside what NPB times and left out.
 */
final class NasMg {
    private NasMg() {
    }

    /** Class: grid side, iterations (NPB 2: W is 64^3 and 40 iterations, NPB 3 made it 128^3 and 4). */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {32, 4},
            "W", new long[] {64, 40},
            "A", new long[] {256, 4});
    static final long RESID = 15;
    static final long PSINV = 16;
    static final long RPRJ3 = 24;
    static final long INTERP = 20;

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        int logp = Skeletons.log2("mg", n);
        long[] k = Skeletons.row(CLASSES, cls);
        int lt = Long.numberOfTrailingZeros(k[0]);
        int[] pi = {1 << (logp / 3), 1 << ((logp - logp / 3) / 2), 0};
        pi[2] = n / (pi[0] * pi[1]);
        if (pi[2] > k[0]) {
            throw new IllegalArgumentException("mg class " + cls + " splits its " + k[0] + "-point side over at most "
                    + k[0] + " ranks an axis, " + n + " hosts put " + pi[2] + " on one");
        }
        Part[] p = new Part[n];
        for (int r = 0; r < n; r++) {
            p[r] = new Part(r, pi, lt);
        }
        Ranks g = new Ranks(n);
        for (int l = lt; l >= 2; l--) {
            compute(g, p, l - 1, RPRJ3, c);
            comm3(g, p, l - 1);
        }
        compute(g, p, 1, PSINV, c);
        comm3(g, p, 1);
        for (int l = 2; l <= lt; l++) {
            compute(g, p, l - 1, INTERP, c);
            comm3ex(g, p, l);
            compute(g, p, l, RESID, c);
            comm3(g, p, l);
            compute(g, p, l, PSINV, c);
            comm3(g, p, l);
        }
        compute(g, p, lt, RESID, c);
        comm3(g, p, lt);
        return new Skeletons.Built(g.build(), (int) k[1]);
    }

    private static void compute(Ranks g, Part[] p, int l, long flops, SkeletonCosts c) {
        for (int r = 0; r < g.n; r++) {
            long[] m = p[r].m[l];
            g.compute(r, m[0] * m[1] * m[2] * flops * c.flopPs());
        }
    }

    /** comm3 at level l: per axis, send up and down, then take from up and down (NPB's give3, take3 order). */
    private static void comm3(Ranks g, Part[] p, int l) {
        for (int r = 0; r < g.n; r++) {
            if (p[r].dead[l]) {
                continue;
            }
            for (int ax = 0; ax < 3; ax++) {
                int up = p[r].nbr[l][ax][1];
                int down = p[r].nbr[l][ax][0];
                g.send(r, up, face(p[r].m[l], ax));
                g.send(r, down, face(p[r].m[l], ax));
                g.recv(r, up, face(p[up].m[l], ax));
                g.recv(r, down, face(p[down].m[l], ax));
            }
        }
    }

    /** Doubles of a comm3 face along {@code ax}: the other axes' points, ghosts of the axes exchanged before. */
    static long face(long[] m, int ax) {
        long doubles = ax == 0 ? m[1] * m[2] : ax == 1 ? (m[0] + 2) * m[2] : (m[0] + 2) * (m[1] + 2);
        return doubles * 8;
    }

    /**
     * comm3_ex at level l (interp's): per axis, a rank that was dead on level l - 1 takes a plane from the upper
     * neighbour (one layer) and two from the lower; one that was live gives them. Planes span the ghosts.
     */
    private static void comm3ex(Ranks g, Part[] p, int l) {
        for (int r = 0; r < g.n; r++) {
            for (int ax = 0; ax < 3; ax++) {
                int up = p[r].nbr[l][ax][1];
                int down = p[r].nbr[l][ax][0];
                if (p[r].take[l][ax]) {
                    g.recv(r, up, plane(p[up].m[l], ax));
                    g.recv(r, down, 2 * plane(p[down].m[l], ax));
                }
                if (p[r].give[l][ax]) {
                    g.send(r, up, 2 * plane(p[r].m[l], ax));
                    g.send(r, down, plane(p[r].m[l], ax));
                }
            }
        }
    }

    private static long plane(long[] m, int ax) {
        long doubles = 1;
        for (int a = 0; a < 3; a++) {
            doubles *= a == ax ? 1 : m[a] + 2;
        }
        return doubles * 8;
    }

    /** Points {@code idi} holds of {@code ng} split over {@code pi} (NPB's setup; none when ng < pi for some). */
    static long share(long idi, long ng, long pi) {
        return (idi + 1) * ng / pi - idi * ng / pi;
    }

    /** A rank's part of every level, worked out as NPB MG's setup does. */
    private static final class Part {
        /** m[l][ax]: the rank's points along ax on level l. */
        final long[][] m;
        final boolean[] dead;
        final boolean[][] give;
        final boolean[][] take;
        /** nbr[l][ax][0 down, 1 up]. */
        final int[][][] nbr;

        Part(int me, int[] pi, int lt) {
            m = new long[lt + 1][3];
            dead = new boolean[lt + 1];
            give = new boolean[lt + 2][3];
            take = new boolean[lt + 2][3];
            nbr = new int[lt + 1][3][2];
            int[] idi = {me % pi[0], me / pi[0] % pi[1], me / (pi[0] * pi[1])};
            int[] next = {1, 1, 1};
            for (int l = lt; l >= 1; l--) {
                long ng = 1L << l;
                for (int ax = 0; ax < 3; ax++) {
                    long mi = share(idi[ax], ng, pi[ax]);
                    long mip = share(idi[ax] + next[ax], ng, pi[ax]);
                    if (mi == 0 || mip == 0) {
                        next[ax] *= 2;
                    }
                    give[l + 1][ax] = mip == 0 && mi == 1;
                    take[l + 1][ax] = mip == 1 && mi == 0;
                    m[l][ax] = mi;
                    dead[l] |= mi == 0;
                }
                for (int ax = 0; ax < 3; ax++) {
                    for (int dir = 0; dir < 2; dir++) {
                        int[] at = idi.clone();
                        at[ax] = Math.floorMod(idi[ax] + (dir == 0 ? -next[ax] : next[ax]), pi[ax]);
                        nbr[l][ax][dir] = at[0] + pi[0] * (at[1] + pi[1] * at[2]);
                    }
                }
            }
        }
    }
}
