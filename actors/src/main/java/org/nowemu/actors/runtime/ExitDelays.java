package org.nowemu.actors.runtime;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * For every component, the shortest delay from an event it handles to a message leaving its partition: the
 * least sum of minimum delays along a chain of connections inside the partition that ends on a connection to
 * another partition (or on "may send to anyone"). A partition whose component {@code k} next has work at time t
 * cannot send anything to another partition before t + exitDelay(k), unless other partitions send to it first,
 * so the earliest time it can send at all (its earliest output time) is the least such sum over its
 * components, and another partition may safely run up to that time. Computed once per placement, by Dijkstra
 * from the cut connections backwards; {@link Long#MAX_VALUE} for a component that cannot reach another
 * partition at all.
 */
public final class ExitDelays {
    private ExitDelays() {
    }

    public static long[] of(Model model, Placement placement) {
        int n = model.size();
        long[] dist = new long[n];
        Arrays.fill(dist, Long.MAX_VALUE);
        // Incoming connections inside each partition: who can pass work on to whom.
        int[] inCount = new int[n + 1];
        for (int id = 0; id < n; id++) {
            for (int t : model.connections(id).targets()) {
                if (placement.partitionOf(t) == placement.partitionOf(id)) {
                    inCount[t + 1]++;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            inCount[i + 1] += inCount[i];
        }
        int[] from = new int[inCount[n]];
        long[] delay = new long[inCount[n]];
        int[] fill = Arrays.copyOf(inCount, n);
        boolean several = placement.partitions() > 1;
        for (int id = 0; id < n; id++) {
            Connections c = model.connections(id);
            for (int i = 0; i < c.targets().length; i++) {
                int t = c.targets()[i];
                if (placement.partitionOf(t) == placement.partitionOf(id)) {
                    from[fill[t]] = id;
                    delay[fill[t]++] = c.minDelays()[i];
                } else {
                    dist[id] = Math.min(dist[id], c.minDelays()[i]);
                }
            }
            if (several && c.toAnyMin() != Long.MAX_VALUE) {
                dist[id] = Math.min(dist[id], c.toAnyMin());
            }
        }
        // Ties broken by id, so the order of settling never depends on anything but the model.
        PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        for (int id = 0; id < n; id++) {
            if (dist[id] != Long.MAX_VALUE) {
                queue.add(new long[] {dist[id], id});
            }
        }
        while (!queue.isEmpty()) {
            long[] top = queue.poll();
            int j = (int) top[1];
            if (top[0] != dist[j]) {
                continue;
            }
            for (int e = inCount[j]; e < inCount[j + 1]; e++) {
                long d = top[0] + delay[e];
                if (d < dist[from[e]]) {
                    dist[from[e]] = d;
                    queue.add(new long[] {d, from[e]});
                }
            }
        }
        return dist;
    }

    /** {@code t + d}, or {@link Long#MAX_VALUE} if that would overflow (no work, or no way out). */
    public static long after(long t, long d) {
        return t >= Long.MAX_VALUE - d ? Long.MAX_VALUE : t + d;
    }
}
