package org.nowemu.mapper.discover;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.Predicate;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.mapper.graph.NetMap;

/**
 * Breadth-first discovery of a network of anonymous switches from one host, with Myrinet's relative route bytes
 * (an offset from the port a packet came in on; 0 sends it back out the same port).
 *
 * <p>For each switch X, reached by route R and left towards the prober by B (its way back, out of its canonical
 * entry port), and each offset d: a host probe R + [d] asks the host there, if any, to answer along [-d] + B; a
 * loop-back probe R + [d, 0] + [-d] + B turns round at the switch there, if any, and comes back. A new switch Y
 * found that way is compared with the switches already known: if one of Y's hosts is known, Y is that host's
 * switch; if Y has no host, a probe R_Y + [delta] + B_Z comes back exactly when Y is Z and delta is the offset
 * between the port Y was entered on and Z's canonical entry. That test cannot be fooled: from a given entry port
 * each route byte leads over one cable to one entry port, so a route is a one-to-one walk, and two walks that end
 * at the prober started on the same cable end. A probe that arrives with route bytes left over is dropped by
 * the NIC (misrouted), so only complete walks count.
 *
 * <p>Probes go out in batches and the explorer waits one timeout per batch ({@link Prober}).
 */
public final class Explorer {
    /** Thrown when a host answers that the caller says should stop this exploration (a higher mapper). */
    public static final class Aborted extends RuntimeException {
        private final transient Prober.HostReply by;

        Aborted(Prober.HostReply by) {
            super("aborted: found " + by, null, false, false);
            this.by = by;
        }

        public Prober.HostReply by() {
            return by;
        }
    }

    /** More switches than any network the emulator builds: a sign of lost comparison probes. */
    static final int MAX_SWITCHES = 100_000;

    private final Prober prober;
    private final int self;
    private final int maxOffset;
    private final Predicate<Prober.HostReply> abort;

    /**
     * @param prober how probes are sent
     * @param self   the prober's NIC address
     * @param ports  ports of the largest switch (offsets span -(ports-1) .. ports-1)
     * @param abort  stops the exploration when it holds for a host's answer (null: never)
     */
    public Explorer(Prober prober, int self, int ports, Predicate<Prober.HostReply> abort) {
        this.prober = prober;
        this.self = self;
        this.maxOffset = ports - 1;
        this.abort = abort == null ? r -> false : abort;
    }

    @continuable
    public NetMap explore() {
        NetMap map = new NetMap(self);
        NetMap.Switch s0 = map.add(new byte[0], new byte[0]);
        map.host(self, new NetMap.End(s0.id, 0));
        List<NetMap.Switch> hostless = new ArrayList<>();
        ArrayDeque<NetMap.Switch> todo = new ArrayDeque<>();
        todo.add(s0);
        while (!todo.isEmpty()) {
            NetMap.Switch x = todo.poll();
            List<Integer> open = unknown(x);
            Prober.HostReply[] found = hostsAround(x.route, x.back, open);
            List<Integer> rest = new ArrayList<>();
            for (int i = 0; i < open.size(); i++) {
                if (found[i] != null) {
                    map.host(found[i].nic(), new NetMap.End(x.id, open.get(i)));
                } else {
                    rest.add(open.get(i));
                }
            }
            List<byte[]> loops = new ArrayList<>();
            for (int d : rest) {
                loops.add(concat(x.route, hops(d, 0), home(d, x.back)));
            }
            BitSet back = prober.loops(loops);
            for (int i = 0; i < rest.size(); i++) {
                int d = rest.get(i);
                if (back.get(i) && !x.links.containsKey(d)) {
                    neighbour(map, x, d, hostless, todo);
                }
            }
        }
        return map;
    }

    /** The switch on X's offset {@code d}: one already known (then only the link is new), or a new one. */
    @continuable
    private void neighbour(NetMap map, NetMap.Switch x, int d, List<NetMap.Switch> hostless,
                           ArrayDeque<NetMap.Switch> todo) {
        byte[] route = concat(x.route, hops(d));
        byte[] back = home(d, x.back);
        List<Integer> offsets = all();
        Prober.HostReply[] found = hostsAround(route, back, offsets);
        NetMap.End here = new NetMap.End(x.id, d);
        boolean anyHost = false;
        for (int i = 0; i < offsets.size(); i++) {
            if (found[i] == null) {
                continue;
            }
            anyHost = true;
            NetMap.End known = map.hostEnd(found[i].nic());
            if (known != null) {
                // Y is the known host's switch; its entry port sits delta = dh - dz from that switch's canonical one.
                int delta = offsets.get(i) - known.offset();
                map.link(here, new NetMap.End(known.sw(), -delta));
                return;
            }
        }
        if (!anyHost && !hostless.isEmpty()) {
            List<byte[]> probes = new ArrayList<>();
            List<int[]> what = new ArrayList<>();
            for (NetMap.Switch z : hostless) {
                for (int delta : offsets) {
                    probes.add(concat(route, hops(delta), z.back));
                    what.add(new int[] {z.id, delta});
                }
            }
            BitSet same = prober.loops(probes);
            for (int i = 0; i < probes.size(); i++) {
                if (same.get(i)) {
                    map.link(here, new NetMap.End(what.get(i)[0], -what.get(i)[1]));
                    return;
                }
            }
        }
        if (map.switches().size() >= MAX_SWITCHES) {
            // Only lost comparison probes make a known switch look new; past this the map cannot be trusted.
            throw new IllegalStateException("exploration found over " + MAX_SWITCHES + " switches: probes are being lost");
        }
        NetMap.Switch y = map.add(route, back);
        for (int i = 0; i < offsets.size(); i++) {
            if (found[i] != null) {
                map.host(found[i].nic(), new NetMap.End(y.id, offsets.get(i)));
            }
        }
        map.link(here, new NetMap.End(y.id, 0));
        if (!anyHost) {
            hostless.add(y);
        }
        todo.add(y);
    }

    /** Host probes at {@code offsets} of the switch reached by {@code route}; stops if a host says so. */
    @continuable
    private Prober.HostReply[] hostsAround(byte[] route, byte[] back, List<Integer> offsets) {
        List<byte[]> routes = new ArrayList<>();
        List<byte[]> replies = new ArrayList<>();
        for (int d : offsets) {
            routes.add(concat(route, hops(d)));
            replies.add(home(d, back));
        }
        Prober.HostReply[] found = prober.hosts(routes, replies);
        for (Prober.HostReply r : found) {
            if (r != null && abort.test(r)) {
                throw new Aborted(r);
            }
        }
        return found;
    }

    /** Offsets of X not yet known to hold a host or a link (its canonical entry, 0, always is). */
    private List<Integer> unknown(NetMap.Switch x) {
        List<Integer> open = new ArrayList<>();
        for (int d : all()) {
            if (!x.hosts.containsKey(d) && !x.links.containsKey(d)) {
                open.add(d);
            }
        }
        return open;
    }

    private List<Integer> all() {
        List<Integer> offsets = new ArrayList<>();
        for (int d = -maxOffset; d <= maxOffset; d++) {
            if (d != 0) {
                offsets.add(d);
            }
        }
        return offsets;
    }

    /** From a packet entering a switch on offset {@code d} to the prober: out of the canonical entry, then back. */
    private static byte[] home(int d, byte[] back) {
        return concat(new byte[] {(byte) -d}, back);
    }

    /**
     * Route bytes for the given port offsets. (A method of its own: javaflow's weaver cannot analyse a byte array
     * element store in the continuable methods that build routes.)
     */
    private static byte[] hops(int... offsets) {
        byte[] out = new byte[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            out[i] = (byte) offsets[i];
        }
        return out;
    }

    /**
     * {@code a} then {@code b}. (No varargs: javaflow's weaver cannot analyse a byte[][] built in a continuable
     * method.)
     */
    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** {@code a}, {@code b} then {@code c}. */
    static byte[] concat(byte[] a, byte[] b, byte[] c) {
        return concat(concat(a, b), c);
    }
}
