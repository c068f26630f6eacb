package org.nowemu.actors.runtime;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * How far each unit of a partition may run in a window: its safe horizon, the earliest time a message from
 * outside the unit could still reach one of its members ({@link Units}: a unit is one component, or several
 * activated as one that deliver their messages to each other at once). A message entering unit u is created by
 * some component s handling an event at or after s's next pending time t_s, and travels along connections whose
 * minimum delays add up to at least D(s, u), the shortest path from s that ends on a connection entering u
 * from a non-member (at least one hop; s may be a member of u itself, whose work leaves u and comes back).
 * Inside a window no message crosses from one unit to another (outboxes empty at the barrier), so u may handle
 * every event earlier than h(u) = min over s of (t_s + D(s, u)): whatever enters it later can only have come
 * after it at that barrier. Its members' messages to each other need no bound: the unit delivers them itself,
 * in key order.
 *
 * <p>D(s, u) is computed once per partition for the sources s nearest u (u's "ball": a reversed Dijkstra from
 * u's entry connections over the partition's own connections, up to {@code reach} and at most {@code sources}
 * components). A source outside the ball is at least {@code radius(u)} away, and every pending time is at least
 * the partition's earliest pending time T, so h(u) >= min(T + radius(u), ball minimum). Three more bounds cap
 * it: the window's end (messages from other partitions, which the exchange guarantees arrive no earlier), T plus
 * the least "may send to anyone" delay of the partition (such a send can reach any component), and T plus the
 * model's lookahead is always safe, so a horizon is never below the fixed window of old. With every unit a
 * single component these are the components' own horizons.
 */
final class Horizons {
    private final long lookahead;
    /** By unit: where its ball (sources by local component index) starts in {@link #src} and {@link #dist}, sorted by distance. */
    private final int[] start;
    private final int[] src;
    private final long[] dist;
    /** By unit: every source outside its ball is at least this far (never less than the lookahead). */
    private final long[] radius;
    /** The least "may send to anyone" delay of the partition's components. */
    private final long anyMin;
    /** The largest radius. */
    private final long widest;
    /** The least {@code min(radius, first ball distance)}: below it every horizon is just the cap. */
    private final long nearest;

    /**
     * @param members the partition's component ids, by local index
     * @param reach   the largest distance worth knowing (ps); at most the lookahead means no ball at all
     * @param sources the largest ball (count)
     */
    Horizons(Model model, int[] members, long reach, int sources) {
        this(model, members, Units.singletons(members.length), reach, sources);
    }

    /**
     * @param units the partition's units (their members by local index): one ball per unit, from the
     *              connections that enter it
     */
    Horizons(Model model, int[] members, Units units, long reach, int sources) {
        this.lookahead = model.lookahead();
        int n = members.length;
        int m = units.count();
        int[] local = localIndex(model.size(), members);
        // Incoming connections inside the partition, by target (CSR), self-connections left out.
        int[] inStart = new int[n + 1];
        long anyLeast = Long.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            Connections c = model.connections(members[k]);
            anyLeast = Math.min(anyLeast, c.toAnyMin());
            for (int t : c.targets()) {
                int lt = local[t];
                if (lt >= 0 && lt != k) {
                    inStart[lt + 1]++;
                }
            }
        }
        this.anyMin = anyLeast;
        for (int k = 0; k < n; k++) {
            inStart[k + 1] += inStart[k];
        }
        int[] inFrom = new int[inStart[n]];
        long[] inDelay = new long[inStart[n]];
        int[] fill = Arrays.copyOf(inStart, n);
        for (int k = 0; k < n; k++) {
            Connections c = model.connections(members[k]);
            for (int i = 0; i < c.targets().length; i++) {
                int lt = local[c.targets()[i]];
                if (lt >= 0 && lt != k) {
                    inFrom[fill[lt]] = k;
                    inDelay[fill[lt]++] = c.minDelays()[i];
                }
            }
        }
        boolean balls = reach > lookahead && sources > 0;
        this.start = new int[m + 1];
        this.radius = new long[m];
        int[] s = new int[balls ? 64 : 0];
        long[] d = new long[s.length];
        int size = 0;
        long least = Long.MAX_VALUE;
        long widest = 0;
        long[] best = new long[n];
        Arrays.fill(best, Long.MAX_VALUE);
        boolean[] settled = new boolean[n];
        int[] touched = new int[n];
        // Ties broken by local index, so the balls depend on nothing but the model.
        PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        for (int c = 0; c < m; c++) {
            start[c] = size;
            long r = balls ? reach : 0;
            if (balls) {
                int nTouched = 0;
                queue.clear();
                // The ways in: connections into a member from a non-member.
                for (int k : units.members(c)) {
                    for (int e = inStart[k]; e < inStart[k + 1]; e++) {
                        if (units.unitOf(inFrom[e]) != c) {
                            nTouched = relax(queue, best, touched, nTouched, inFrom[e], inDelay[e]);
                        }
                    }
                }
                int taken = 0;
                r = Long.MAX_VALUE; // unless cut short below: no other source of the partition reaches c at all
                while (!queue.isEmpty()) {
                    long[] top = queue.poll();
                    int v = (int) top[1];
                    if (settled[v] || top[0] != best[v]) {
                        continue;
                    }
                    if (top[0] >= reach || taken == sources) {
                        r = Math.min(reach, top[0]); // every source not taken is at least this far
                        break;
                    }
                    settled[v] = true;
                    if (size == s.length) {
                        s = Arrays.copyOf(s, size * 2);
                        d = Arrays.copyOf(d, size * 2);
                    }
                    s[size] = v;
                    d[size++] = top[0];
                    taken++;
                    for (int e = inStart[v]; e < inStart[v + 1]; e++) {
                        nTouched = relax(queue, best, touched, nTouched, inFrom[e], top[0] + inDelay[e]);
                    }
                }
                for (int i = 0; i < nTouched; i++) {
                    best[touched[i]] = Long.MAX_VALUE;
                    settled[touched[i]] = false;
                }
            }
            radius[c] = Math.max(r, lookahead);
            least = Math.min(least, size > start[c] ? Math.min(radius[c], d[start[c]]) : radius[c]);
            widest = Math.max(widest, radius[c]);
        }
        start[m] = size;
        this.src = Arrays.copyOf(s, size);
        this.dist = Arrays.copyOf(d, size);
        this.nearest = m == 0 ? 0 : least;
        this.widest = widest;
    }

    private static int relax(PriorityQueue<long[]> queue, long[] best, int[] touched, int nTouched, int v, long d) {
        if (d < best[v]) {
            if (best[v] == Long.MAX_VALUE) {
                touched[nTouched++] = v;
            }
            best[v] = d;
            queue.add(new long[] {d, v});
        }
        return nTouched;
    }

    private static int[] localIndex(int size, int[] members) {
        int[] local = new int[size];
        Arrays.fill(local, -1);
        for (int k = 0; k < members.length; k++) {
            local[members[k]] = k;
        }
        return local;
    }

    /**
     * The bound every horizon of the window shares: the window's {@code end}, T plus the least "to anyone"
     * delay, and T plus the largest radius worth a look (never less than T plus the lookahead).
     */
    long cap(long floor, long end) {
        long c = Math.min(end, ExitDelays.after(floor, anyMin));
        return Math.min(c, ExitDelays.after(floor, widest));
    }

    /** True when every horizon of the window is {@code cap}: no ball reaches below it. */
    boolean uniform(long floor, long cap) {
        return cap <= ExitDelays.after(floor, nearest);
    }

    /**
     * The horizon of unit {@code c}: {@code cap}, or less if a pending time in {@code key} (by local component
     * index; {@link Long#MAX_VALUE} for none) plus its distance to c, or the floor plus c's radius, is less.
     * Every key is at least {@code floor}.
     */
    long horizon(int c, long[] key, long floor, long cap) {
        long h = Math.min(cap, ExitDelays.after(floor, radius[c]));
        for (int j = start[c], to = start[c + 1]; j < to; j++) {
            long d = dist[j];
            if (ExitDelays.after(floor, d) >= h) {
                break; // sorted by distance: no later source can do better
            }
            long k = key[src[j]];
            if (k < h - d) {
                h = k + d;
            }
        }
        return h;
    }

    /** Ball entries, for statistics and tests. */
    int entries() {
        return src.length;
    }

    /** The ball of unit c: pairs (source local index, distance), nearest first. */
    long[][] ball(int c) {
        long[][] b = new long[start[c + 1] - start[c]][];
        for (int j = start[c]; j < start[c + 1]; j++) {
            b[j - start[c]] = new long[] {src[j], dist[j]};
        }
        return b;
    }

    long radius(int c) {
        return radius[c];
    }
}
