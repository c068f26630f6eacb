package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * Cuts a graph of placement groups into parts, keeping the cut away from where the work is. The heavy groups (at
 * least the mean weight: on a cluster, the switches with hosts, where a pilot counts nearly all the events) are
 * shared out first: each part grows from the lowest-numbered heavy group left, taking the heavy group nearest to
 * it in hops (ties to the lowest number) until it holds its share of their weight, stopping short rather than
 * overshoot by more than it lacks; the last part takes the rest. Each light group (the switches between, which a
 * short pilot may not have seen at work at all) then joins the part nearest to it, ties to the part lightest so far.
 *
 * <p>Why nearest, not most connected: a part of heavy groups close together keeps their traffic inside, and the cut
 * falls among the light groups between parts, far from the work, so the lanes' run-ahead over the cut
 * ({@link ExitDelays}) is long. On a 4-ary 5-tree of 1,024 hosts, this cut is two whole subtrees each, with half
 * the top switches: 6,144 cut connections, against 6,848 when the parts grew by their connections and took the
 * pilot-weightless switches as they came (62% of the lower switches and 25% of the top ones in one lane). The run
 * then took 2,602 windows instead of 2,935, and the busiest lane's share of the windows' events fell from 0.567 to
 * 0.514 (BENCHMARKS.md, "Lanes cut by nearness to the work"). Deterministic.
 */
final class GroupCut {
    private GroupCut() {
    }

    /**
     * The part of each group (some parts may stay empty when there are fewer groups than parts).
     *
     * @param adj   the groups each group has a connection with, either way (no repeats)
     * @param w     each group's weight (&gt;= 0)
     * @param parts the parts wanted (&gt;= 1)
     */
    static int[] parts(int[][] adj, long[] w, int parts) {
        int groups = adj.length;
        long total = 0;
        for (long x : w) {
            total += x;
        }
        boolean[] heavy = new boolean[groups];
        int heavies = 0;
        for (int g = 0; g < groups; g++) {
            heavy[g] = w[g] * (double) groups >= total;
            heavies += heavy[g] ? 1 : 0;
        }
        if (heavies < parts) {
            Arrays.fill(heavy, true); // too few to share: every group is shared out by its weight
        }
        int[] partOf = new int[groups];
        Arrays.fill(partOf, -1);
        shareHeavy(adj, w, heavy, parts, partOf);
        joinNearest(adj, w, parts, partOf);
        return partOf;
    }

    /** Grows the parts over the heavy groups, each taking the heavy group nearest to it. */
    private static void shareHeavy(int[][] adj, long[] w, boolean[] heavy, int parts, int[] partOf) {
        int groups = adj.length;
        long remaining = 0;
        int[] heavyIds = new int[groups];
        int heavies = 0;
        for (int g = 0; g < groups; g++) {
            if (heavy[g]) {
                remaining += w[g];
                heavyIds[heavies++] = g;
            }
        }
        int[] dist = new int[groups];
        int[] queue = new int[groups];
        for (int k = 0; k < parts; k++) {
            long target = k == parts - 1 ? remaining : (remaining + (parts - k) / 2) / (parts - k);
            Arrays.fill(dist, Integer.MAX_VALUE);
            long have = 0;
            int taken = 0;
            while (have < target || taken == 0 || k == parts - 1) {
                int next = -1;
                for (int i = 0; i < heavies; i++) {
                    int g = heavyIds[i];
                    if (partOf[g] < 0 && (next < 0 || dist[g] < dist[next])) {
                        next = g;
                    }
                }
                if (next < 0 || taken > 0 && k < parts - 1 && have + w[next] - target > target - have) {
                    break;
                }
                partOf[next] = k;
                taken++;
                have += w[next];
                dist[next] = 0;
                queue[0] = next;
                spread(adj, dist, queue, 1);
            }
            remaining -= have;
        }
    }

    /** Puts each group not yet in a part into the part nearest to it, ties to the lightest so far. */
    private static void joinNearest(int[][] adj, long[] w, int parts, int[] partOf) {
        int groups = adj.length;
        int[][] near = new int[parts][];
        int[] queue = new int[groups];
        for (int k = 0; k < parts; k++) {
            int[] d = new int[groups];
            Arrays.fill(d, Integer.MAX_VALUE);
            int tail = 0;
            for (int g = 0; g < groups; g++) {
                if (partOf[g] == k) {
                    d[g] = 0;
                    queue[tail++] = g;
                }
            }
            spread(adj, d, queue, tail);
            near[k] = d;
        }
        long[] weightOf = new long[parts];
        for (int g = 0; g < groups; g++) {
            if (partOf[g] >= 0) {
                weightOf[partOf[g]] += w[g];
            }
        }
        for (int g = 0; g < groups; g++) {
            if (partOf[g] < 0) {
                int best = 0;
                for (int k = 1; k < parts; k++) {
                    if (near[k][g] < near[best][g] || near[k][g] == near[best][g] && weightOf[k] < weightOf[best]) {
                        best = k;
                    }
                }
                partOf[g] = best;
                weightOf[best] += w[g];
            }
        }
    }

    /**
     * Lowers {@code dist} to the hops from the groups in {@code queue[0, tail)} (at distance 0), searching on only
     * where a group comes nearer: a part's distances after it took a group, or all of them from scratch.
     */
    private static void spread(int[][] adj, int[] dist, int[] queue, int tail) {
        int head = 0;
        while (head < tail) {
            int g = queue[head++];
            for (int t : adj[g]) {
                if (dist[t] > dist[g] + 1) {
                    dist[t] = dist[g] + 1;
                    queue[tail++] = t;
                }
            }
        }
    }
}
