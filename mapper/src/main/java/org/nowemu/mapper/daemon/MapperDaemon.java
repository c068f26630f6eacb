package org.nowemu.mapper.daemon;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.mapper.discover.Explorer;
import org.nowemu.mapper.discover.Prober;
import org.nowemu.mapper.graph.MapImage;
import org.nowemu.mapper.graph.NetMap;
import org.nowemu.mapper.routes.RouteSet;
import org.nowemu.mapper.routes.UpDownRoutes;
import org.nowemu.mapper.wire.MapperPacket;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.nic.HostEntry;

/**
 * The mapper daemon of one host: a privileged process. It answers other daemons' host probes at all times. It
 * starts mapping at a seeded random time (or at once when a lower daemon probes it), exploring the network with
 * an {@link Explorer} over its privileged endpoint; it stops and defers as soon as it learns of a higher daemon
 * (priority, then NIC address), from an answer or from being probed. The daemon that completes its map is the
 * leader: it computes up*&#47;down* routes, writes its own routing table and sends every other NIC its table,
 * which that NIC's daemon writes and acknowledges. A daemon that deferred and gets no table within the follower
 * timeout maps again, so a dead leader is replaced. With a {@code remap-period}, the leader maps again after each
 * period and sends new tables; NICs it no longer finds lose their routes everywhere (messages to them, those
 * already on their way too, come back to their senders as unreachable) and are reported. Before it gives a NIC up
 * it maps once more at once (a probe's answer may have come too late under load, see {@code probe-timeout}): only
 * NICs that both maps miss are gone. A follower that then gets no new table for a period and the follower timeout
 * (the leader died or is cut off from it) maps again: it leads what it still reaches, or defers to a higher daemon
 * there, and removes the routes to the NICs it knew and no longer finds.
 *
 * <p>Outcomes ({@link MapperOutcome}): each map's tables sent out ({@link MapperOutcome.Led}), a first table
 * installed ({@link MapperOutcome.Installed}).
 *
 * <p>Counters: {@code map.probes}, {@code map.probes_lost}, {@code map.tables_sent}, {@code map.tables_installed},
 * {@code map.aborted}, {@code map.remaps}, {@code map.rechecks} (remaps that missed a NIC and mapped again),
 * {@code map.leader_lost} (followers that heard from no leader for a period and the follower timeout).
 */
public final class MapperDaemon implements AmProgram {
    /** Tag of the daemons' privileged endpoints. */
    public static final int TAG = 0x3a9;

    /** An exploration given up because a higher daemon or a leader's table turned up meanwhile. */
    private static final class Deferred extends RuntimeException {
        Deferred() {
            super("deferred", null, false, false);
        }
    }

    private final MapperSettings s;
    private final int ports;

    /**
     * One daemon program for every host: it holds only settings; each host's run keeps its own state.
     *
     * @param s       the daemons' settings
     * @param ports   ports of the largest switch (the offsets to probe)
     */
    public MapperDaemon(MapperSettings s, int ports) {
        this.s = s;
        this.ports = ports;
    }

    @Override
    @continuable
    public void run(Am am) {
        new Run(am).go();
    }

    private final class Run implements Prober {
        private final Am am;
        private Endpoint ep;
        private int self;
        private int deferTo = -1;
        private int deferPriority;
        private boolean startNow;
        private boolean installed;
        /** This daemon distributed the tables now in use (so its own remaps are not cut short by them). */
        private boolean leading;
        private long nonces;
        private long sent;
        private long lost;
        private final TreeMap<Long, HostReply> answers = new TreeMap<>();
        private final TreeSet<Long> pending = new TreeSet<>();
        private final TreeSet<Long> back = new TreeSet<>();
        private final TreeMap<Long, Integer> tables = new TreeMap<>();
        private final TreeSet<Integer> acked = new TreeSet<>();
        /** Every NIC a map of this daemon has found or a leader's table gave a route to. */
        private final TreeSet<Integer> everFound = new TreeSet<>();
        /** Tables taken from leaders. */
        private long tablesTaken;
        /** NICs of those whose routes this daemon removed, not found again since. */
        private final TreeSet<Integer> removed = new TreeSet<>();

        Run(Am am) {
            this.am = am;
        }

        @continuable
        void go() {
            ep = am.privilegedEndpoint(TAG);
            self = am.host();
            long start = am.now() + am.random().nextLong(s.startJitter());
            serveUntil(start, () -> startNow || deferTo >= 0 || installed);
            while (true) {
                while (!installed) {
                    if (deferTo >= 0) {
                        serveUntil(am.now() + s.followerTimeout(), () -> installed);
                        deferTo = -1;
                        continue;
                    }
                    try {
                        mapAndLead();
                        remapEvery();
                    } catch (Explorer.Aborted a) {
                        am.counter("map.aborted").increment();
                        defer(a.by().nic(), a.by().priority());
                    } catch (Deferred d) {
                        am.counter("map.aborted").increment();
                    }
                }
                if (s.remapPeriod() == 0) {
                    serveUntil(Long.MAX_VALUE, () -> false);
                    return;
                }
                // A follower, while the leader remaps: a table is due each period. With none for a period and the
                // follower timeout, the leader is dead or out of reach (a cut): this daemon maps what it still
                // reaches, and leads it, or defers to a higher daemon there.
                long seen = tablesTaken;
                serveUntil(am.now() + s.remapPeriod() + s.followerTimeout(), () -> tablesTaken != seen);
                if (tablesTaken == seen) {
                    am.counter("map.leader_lost").increment();
                    installed = false;
                    leading = false;
                }
            }
        }

        private boolean higher(HostReply r) {
            return r.priority() > s.priority() || (r.priority() == s.priority() && r.nic() > self);
        }

        private void defer(int nic, int priority) {
            if (deferTo < 0 || priority > deferPriority || (priority == deferPriority && nic > deferTo)) {
                deferTo = nic;
                deferPriority = priority;
            }
        }

        /** Handles what arrives until {@code deadline} or until {@code stop} holds. */
        @continuable
        private void serveUntil(long deadline, BooleanSupplier stop) {
            while (!stop.getAsBoolean() && am.now() < deadline) {
                HostEntry.Raw r = ep.receiveRaw(deadline);
                if (r == null) {
                    return;
                }
                if (r.ok()) {
                    MapperPacket p = MapperPacket.decode(r.body());
                    if (p != null) {
                        handle(p);
                    }
                }
            }
        }

        @continuable
        private void handle(MapperPacket p) {
            switch (p.type()) {
                case MapperPacket.QUERY -> {
                    ep.sendRaw(p.reply(), MapperPacket.of(MapperPacket.ANSWER, self, p.nonce(), s.priority(),
                            new byte[0]).encode());
                    if (higher(new HostReply(p.from(), p.priority()))) {
                        defer(p.from(), p.priority());
                    } else if (!installed) {
                        startNow = true;
                    }
                }
                case MapperPacket.ANSWER -> {
                    if (pending.contains(p.nonce())) {
                        answers.put(p.nonce(), new HostReply(p.from(), p.priority()));
                    }
                }
                case MapperPacket.LOOP -> {
                    if (p.from() == self && pending.contains(p.nonce())) {
                        back.add(p.nonce());
                    }
                }
                case MapperPacket.ROUTES -> {
                    for (Map.Entry<Integer, byte[]> e : p.routes().entrySet()) {
                        ep.writeRoute(e.getKey(), e.getValue().length == 0 ? null : e.getValue());
                        if (e.getValue().length > 0) {
                            everFound.add(e.getKey());
                        }
                    }
                    everFound.add(p.from());
                    tablesTaken++;
                    ep.sendRaw(p.reply(), MapperPacket.of(MapperPacket.ACK, self, p.nonce(), s.priority(),
                            new byte[0]).encode());
                    if (!installed) {
                        am.counter("map.tables_installed").increment();
                        am.outcome(new MapperOutcome.Installed(self));
                    }
                    installed = true;
                }
                case MapperPacket.ACK -> {
                    Integer nic = tables.get(p.nonce());
                    if (nic != null && nic == p.from()) {
                        acked.add(nic);
                    }
                }
                default -> { }
            }
        }

        @Override
        @continuable
        public HostReply[] hosts(List<byte[]> routes, List<byte[]> replies) {
            long base = nonces;
            for (int i = 0; i < routes.size(); i++) {
                long nonce = nonces++;
                pending.add(nonce);
                ep.sendRaw(routes.get(i), MapperPacket.of(MapperPacket.QUERY, self, nonce, s.priority(),
                        replies.get(i)).encode());
            }
            waitForBatch();
            HostReply[] out = new HostReply[routes.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = answers.remove(base + i);
                pending.remove(base + i);
            }
            count(out.length, java.util.Arrays.stream(out).filter(x -> x == null).count());
            return out;
        }

        @Override
        @continuable
        public BitSet loops(List<byte[]> routes) {
            long base = nonces;
            for (byte[] route : routes) {
                long nonce = nonces++;
                pending.add(nonce);
                ep.sendRaw(route, MapperPacket.of(MapperPacket.LOOP, self, nonce, s.priority(), new byte[0]).encode());
            }
            waitForBatch();
            return collect(base, routes.size());
        }

        /**
         * Which of the {@code n} loops from nonce {@code base} came back.
         */
        private BitSet collect(long base, int n) {
            BitSet out = new BitSet(n);
            long missing = 0;
            for (int i = 0; i < n; i++) {
                if (back.remove(base + i)) {
                    out.set(i);
                } else {
                    missing++;
                }
                pending.remove(base + i);
            }
            count(n, missing);
            return out;
        }

        @continuable
        private void waitForBatch() {
            serveUntil(am.now() + s.probeTimeout(), () -> false);
            if ((installed && !leading) || deferTo >= 0) {
                pending.clear();
                answers.clear();
                back.clear();
                throw new Deferred();
            }
        }

        private void count(long n, long missing) {
            sent += n;
            lost += missing;
            am.counter("map.probes").add(n);
            am.counter("map.probes_lost").add(missing);
        }

        @Override
        public long sent() {
            return sent;
        }

        @Override
        public long lost() {
            return lost;
        }

        /** The leader's remapping: every period, map again and send the new tables (a higher daemon may take over). */
        @continuable
        private void remapEvery() {
            if (s.remapPeriod() == 0) {
                return;
            }
            while (true) {
                serveUntil(am.now() + s.remapPeriod(), () -> deferTo >= 0);
                if (deferTo >= 0) {
                    return;
                }
                am.counter("map.remaps").increment();
                mapAndLead();
            }
        }

        /**
         * Maps the network and leads it. If a NIC known before is missing (under load a probe's answer can come
         * after the timeout), it maps once more before giving it up: only the NICs both maps miss are gone.
         */
        @continuable
        private void mapAndLead() {
            NetMap map = new Explorer(this, self, ports, this::higher).explore();
            TreeSet<Integer> expected = new TreeSet<>(everFound);
            expected.removeAll(removed);
            if (map.hosts().containsAll(expected)) {
                lead(map, Set.of());
            } else {
                am.counter("map.rechecks").increment();
                lead(new Explorer(this, self, ports, this::higher).explore(), map.hosts());
            }
        }

        /**
         * The leader's part: routes for every pair, its own table, every other NIC's table until acknowledged.
         * NICs an earlier map found and neither this one nor {@code seenMeanwhile} (a map made just before) has are
         * gone: their routes are removed everywhere.
         */
        @continuable
        private void lead(NetMap map, java.util.Collection<Integer> seenMeanwhile) {
            RouteSet routes = UpDownRoutes.compute(map);
            TreeSet<Integer> gone = new TreeSet<>(everFound);
            gone.removeAll(map.hosts());
            gone.removeAll(seenMeanwhile);
            everFound.addAll(map.hosts());
            removed.removeAll(map.hosts());
            removed.addAll(gone);
            for (Map.Entry<Integer, byte[]> e : routes.from(self).entrySet()) {
                ep.writeRoute(e.getKey(), e.getValue());
            }
            for (int nic : gone) {
                ep.writeRoute(nic, null);
            }
            installed = true;
            leading = true;
            acked.clear();
            List<Integer> others = new ArrayList<>();
            for (int nic : map.hosts()) {
                if (nic != self) {
                    others.add(nic);
                }
            }
            for (int attempt = 0; attempt < s.distributeTries() && !acked.containsAll(others); attempt++) {
                for (int nic : others) {
                    if (acked.contains(nic)) {
                        continue;
                    }
                    long nonce = nonces++;
                    tables.put(nonce, nic);
                    am.counter("map.tables_sent").increment();
                    TreeMap<Integer, byte[]> table = routes.from(nic);
                    for (int g : gone) {
                        table.put(g, new byte[0]);
                    }
                    ep.sendRaw(routes.route(self, nic), new MapperPacket(MapperPacket.ROUTES, self, nonce, s.priority(),
                            routes.route(nic, self), table).encode());
                }
                serveUntil(am.now() + s.probeTimeout() * (1 + others.size() / 8),
                        () -> acked.containsAll(others));
            }
            TreeSet<Integer> lostNics = new TreeSet<>(others);
            lostNics.removeAll(acked);
            lostNics.addAll(gone);
            am.outcome(new MapperOutcome.Led(self, am.now(), MapImage.of(map),
                    lostNics.stream().mapToInt(Integer::intValue).toArray()));
        }
    }
}
