package org.nowemu.mapper.routes;

import java.util.TreeMap;

/** Routes between hosts by NIC address: {@code route(a, b)} takes a packet from a's NIC to b's. */
public final class RouteSet {
    private final TreeMap<Integer, TreeMap<Integer, byte[]>> routes = new TreeMap<>();

    public void put(int from, int to, byte[] route) {
        routes.computeIfAbsent(from, k -> new TreeMap<>()).put(to, route.clone());
    }

    /** The route, or null if {@code to} is unreachable from {@code from}. */
    public byte[] route(int from, int to) {
        TreeMap<Integer, byte[]> m = routes.get(from);
        byte[] r = m == null ? null : m.get(to);
        return r == null ? null : r.clone();
    }

    /** Every route from {@code from}, by destination. */
    public TreeMap<Integer, byte[]> from(int from) {
        TreeMap<Integer, byte[]> out = new TreeMap<>();
        TreeMap<Integer, byte[]> m = routes.get(from);
        if (m != null) {
            for (var e : m.entrySet()) {
                out.put(e.getKey(), e.getValue().clone());
            }
        }
        return out;
    }

    public java.util.Set<Integer> sources() {
        return routes.keySet();
    }
}
