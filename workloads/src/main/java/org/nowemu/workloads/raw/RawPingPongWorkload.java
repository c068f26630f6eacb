package org.nowemu.workloads.raw;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.workloads.experiment.NetworkWorkload;
import org.nowemu.workloads.experiment.Plan;

/**
 * Raw Myrinet packets between NICs, no host involved ({@code nowemu.raw-pingpong}): one-way time (half the
 * round trip) against the number of switches on the route and the packet size, and streaming throughput against
 * size, on any topology and profile. Host h0 drives; for each hop count it uses the first host that far away.
 *
 * <p>Metrics: {@code raw.oneway.<n>sw.<size>B_us} (mean one-way time over n switches; derived: half the round
 * trip timed in the run),
 * {@code raw.throughput.<size>B_MBps} (body bytes per second of a stream to the nearest host, 10^6 B/s),
 * {@code raw.bad_packets_count}.
 */
public final class RawPingPongWorkload extends NetworkWorkload {
    public RawPingPongWorkload() {
        super("raw-pingpong", "raw packets NIC to NIC: one-way time vs hops and size, throughput vs size");
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, Topology topology) {
        RawSettings s = RawSettings.read(r, profile.nic().maxPacketBytes());
        RawPlan plan = route(topology, s);
        Cluster cluster = Cluster.build(topology, profile, new OnEveryNic(plan));
        return new Plan(cluster.model(), s.maxTimePs(), plan);
    }

    private static RawPlan route(Topology t, RawSettings s) {
        List<Node> hosts = t.hosts();
        if (hosts.size() < 2) {
            throw new BadInputException("raw-pingpong needs at least two hosts; topology " + t.name() + " has " + hosts.size());
        }
        byte[][] routes = new byte[hosts.size()][];
        byte[][] back = new byte[hosts.size()][];
        List<Integer> targets = new ArrayList<>();
        List<Integer> hops = new ArrayList<>();
        int sink = -1;
        int nearest = Integer.MAX_VALUE;
        for (int h = 1; h < hosts.size(); h++) {
            byte[] route = SourceRoutes.shortest(t, hosts.get(0).index(), hosts.get(h).index());
            int n = route.length;
            boolean measured = n >= 1 && n <= s.maxSwitches() && !hops.contains(n);
            if (measured) {
                hops.add(n);
                targets.add(h);
            }
            if (n < nearest) {
                nearest = n;
                sink = h;
            }
            if (measured || sink == h) {
                routes[h] = route;
                back[h] = SourceRoutes.shortest(t, hosts.get(h).index(), hosts.get(0).index());
            }
        }
        // Measure in order of hop count, whatever order the hosts come in.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < hops.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> Integer.compare(hops.get(a), hops.get(b)));
        return new RawPlan(s, order.stream().map(targets::get).toList(), order.stream().map(hops::get).toList(),
                routes, back, sink);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan p, RunResult r) {
        RawPlan plan = (RawPlan) p.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        for (int hops : plan.hops()) {
            for (int size : plan.settings().sizes()) {
                String key = hops + "." + size;
                long n = r.counter("raw.rtt_count." + key);
                if (n > 0) {
                    m.put("raw.oneway." + hops + "sw." + size + "B_us", r.counter("raw.rtt_ps." + key) / (double) n / 2 / 1e6);
                }
            }
        }
        int packets = plan.settings().streamPackets();
        for (int size : plan.settings().sizes()) {
            long first = r.counter("raw.stream_first_ps." + size);
            long last = r.counter("raw.stream_last_ps." + size);
            if (last > first) {
                m.put("raw.throughput." + size + "B_MBps", (packets - 1) * (double) size / ((last - first) / 1e12) / 1e6);
            }
        }
        m.put("raw.bad_packets_count", (double) r.counter("raw.bad_packets"));
        return m;
    }

    /** The raw firmware on every NIC, no host program. */
    private record OnEveryNic(RawPlan plan) implements HostProgram {
        @Override
        public Firmware firmware(NicParts nic) {
            return new RawFirmware(plan);
        }
    }

}
