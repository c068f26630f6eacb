package org.nowemu.mapper.routes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.nowemu.mapper.graph.NetMap;

/**
 * Up*&#47;down* routes over a discovered map: a breadth-first spanning tree from the root switch gives each switch a
 * level; a link is traversed "up" towards the lower level (the lower switch id on a tie) and "down" otherwise. A
 * legal route never goes up after going down, which makes the set of routes free of deadlock (no cycle of
 * channels waiting on each other can form, Autonet's argument). Each pair gets a shortest legal route; among
 * equally short ones the choice rotates with the pair, spreading load over parallel paths.
 */
public final class UpDownRoutes {
    private record Hop(int from, int outOffset, int inOffset) {
    }

    private final NetMap map;
    private final int[] level;

    private UpDownRoutes(NetMap map, int root) {
        this.map = map;
        int n = map.switches().size();
        level = new int[n];
        Arrays.fill(level, -1);
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        level[root] = 0;
        todo.add(root);
        while (!todo.isEmpty()) {
            int u = todo.poll();
            for (NetMap.End far : map.get(u).links.values()) {
                if (level[far.sw()] < 0) {
                    level[far.sw()] = level[u] + 1;
                    todo.add(far.sw());
                }
            }
        }
    }

    /** Routes between every pair of hosts of the map, rooted at switch 0 (the mapper's own). */
    public static RouteSet compute(NetMap map) {
        UpDownRoutes r = new UpDownRoutes(map, 0);
        RouteSet out = new RouteSet();
        for (int a : map.hosts()) {
            r.from(a, out);
        }
        return out;
    }

    private boolean up(int u, int v) {
        return level[v] < level[u] || (level[v] == level[u] && v < u);
    }

    /** Shortest legal routes from host {@code a} to every other host. States: (switch, has gone down). */
    private void from(int a, RouteSet out) {
        NetMap.End start = map.hostEnd(a);
        int n = map.switches().size();
        int[][] dist = new int[n][2];
        for (int[] d : dist) {
            Arrays.fill(d, -1);
        }
        List<List<List<Hop>>> pred = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pred.add(List.of(new ArrayList<>(), new ArrayList<>()));
        }
        ArrayDeque<int[]> todo = new ArrayDeque<>();
        dist[start.sw()][0] = 0;
        todo.add(new int[] {start.sw(), 0});
        while (!todo.isEmpty()) {
            int[] s = todo.poll();
            int u = s[0];
            for (Map.Entry<Integer, NetMap.End> l : map.get(u).links.entrySet()) {
                int v = l.getValue().sw();
                boolean goesUp = up(u, v);
                if (goesUp && s[1] == 1) {
                    continue;
                }
                int phase = goesUp ? 0 : 1;
                if (dist[v][phase] < 0) {
                    dist[v][phase] = dist[u][s[1]] + 1;
                    todo.add(new int[] {v, phase});
                }
                if (dist[v][phase] == dist[u][s[1]] + 1) {
                    pred.get(v).get(phase).add(new Hop(u * 2 + s[1], l.getKey(), l.getValue().offset()));
                }
            }
        }
        for (int b : map.hosts()) {
            if (b == a) {
                continue;
            }
            NetMap.End end = map.hostEnd(b);
            int t = end.sw();
            int phase = dist[t][0] < 0 ? 1 : dist[t][1] < 0 ? 0 : dist[t][0] <= dist[t][1] ? 0 : 1;
            if (dist[t][phase] < 0) {
                continue;
            }
            // Walk back from the destination, choosing among equal predecessors by the pair.
            List<Hop> hops = new ArrayList<>();
            int state = t * 2 + phase;
            int pick = Math.floorMod(a * 31 + b * 17, 1 << 16);
            while (state != start.sw() * 2) {
                List<Hop> options = pred.get(state / 2).get(state % 2);
                Hop h = options.get(pick % options.size());
                hops.add(0, h);
                state = h.from();
            }
            byte[] route = new byte[hops.size() + 1];
            int in = start.offset();
            for (int i = 0; i < hops.size(); i++) {
                route[i] = (byte) (hops.get(i).outOffset() - in);
                in = hops.get(i).inOffset();
            }
            route[hops.size()] = (byte) (end.offset() - in);
            out.put(a, b, route);
        }
    }
}
