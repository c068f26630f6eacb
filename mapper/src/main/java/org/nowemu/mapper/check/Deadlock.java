package org.nowemu.mapper.check;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.mapper.routes.RouteSet;

/**
 * Checks a route set on the real topology: each route must deliver to its destination, and the channel-dependency
 * graph (an edge from each directed cable a route uses to the next one it uses) must have no cycle, which is
 * what freedom from routing deadlock means for wormhole networks (Dally and Seitz).
 */
public final class Deadlock {
    /** @param delivered routes that reach their destination; total routes; whether the dependencies are acyclic */
    public record Result(int delivered, int routes, boolean acyclic) {
        public boolean ok() {
            return delivered == routes && acyclic;
        }
    }

    private Deadlock() {
    }

    public static Result check(RouteSet routes, Walks walks) {
        TreeMap<Long, TreeSet<Long>> after = new TreeMap<>();
        int total = 0;
        int delivered = 0;
        for (int a : routes.sources()) {
            for (var e : routes.from(a).entrySet()) {
                total++;
                Walks.End end = walks.walk(a, e.getValue(), false);
                if (end == null || end.node() != walks.hostNode(e.getKey())) {
                    continue;
                }
                delivered++;
                List<int[]> ch = end.channels();
                for (int i = 0; i + 1 < ch.size(); i++) {
                    after.computeIfAbsent(key(ch.get(i)), k -> new TreeSet<>()).add(key(ch.get(i + 1)));
                }
            }
        }
        return new Result(delivered, total, acyclic(after));
    }

    private static long key(int[] channel) {
        return ((long) channel[0] << 8) | channel[1];
    }

    /** Depth-first search for a back edge, iteratively (graphs of thousands of channels). */
    private static boolean acyclic(TreeMap<Long, TreeSet<Long>> g) {
        TreeMap<Long, Integer> state = new TreeMap<>();
        for (long root : g.keySet()) {
            if (state.containsKey(root)) {
                continue;
            }
            List<long[]> stack = new ArrayList<>();
            stack.add(new long[] {root, 0});
            state.put(root, 1);
            while (!stack.isEmpty()) {
                long[] top = stack.get(stack.size() - 1);
                List<Long> next = new ArrayList<>(g.getOrDefault(top[0], new TreeSet<>()));
                if (top[1] < next.size()) {
                    long v = next.get((int) top[1]++);
                    Integer s = state.get(v);
                    if (s == null) {
                        state.put(v, 1);
                        stack.add(new long[] {v, 0});
                    } else if (s == 1) {
                        return false;
                    }
                } else {
                    state.put(top[0], 2);
                    stack.remove(stack.size() - 1);
                }
            }
        }
        return true;
    }
}
