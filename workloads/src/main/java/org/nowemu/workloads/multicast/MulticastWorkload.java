package org.nowemu.workloads.multicast;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.SystemCluster;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.ClusterWorkload;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * A broadcast from one root to groups of 2 to 64 hosts ({@code nowemu.multicast}), for each (stack, mode) pair:
 * forwarded by the host programs along a tree, by the NICs, or by repeated sends ({@link MulticastPrograms}). Each
 * stack runs on its own block of hosts (as many as the largest group), its modes one after the other.
 *
 * <p>Metrics: {@code mcast.<stack>.<mode>.<n>.latency_us}, the mean over the repetitions of the time from the root's
 * start to the last member's handler having run, each timed in the run.
 */
public final class MulticastWorkload extends ClusterWorkload<MulticastSettings> {
    public MulticastWorkload() {
        super("multicast",
                "broadcast latency to 2..64 hosts: host-level tree, NIC-level tree, repeated sends",
                MulticastSettings::read);
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, MulticastSettings s, Topology t) {
        List<Stack<?, ?>> stacks = new ArrayList<>(s.runs().keySet());
        int block = s.block();
        if (t.hosts().size() < block * stacks.size()) {
            throw new BadInputException("multicast runs " + stacks.size() + " stack(s) on blocks of " + block
                    + " hosts and needs " + block * stacks.size() + " hosts; topology " + t.name() + " has "
                    + t.hosts().size());
        }
        IntFunction<Stack<?, ?>> stackOf = h -> stacks.get(Math.min(h / block, stacks.size() - 1));
        Cluster c = SystemCluster.build(t, profile, stackOf, h -> {
            if (h >= block * stacks.size()) {
                return List.of();
            }
            Stack<?, ?> st = stacks.get(h / block);
            return List.of(st.messengerProgram(s.bytes(), MulticastPrograms.program(st.name(), s.runs().get(st), s,
                    h / block * block, h % block)).orElseThrow());
        }, Failures.none());
        return new Plan(c.model(), s.maxTimePs(), s);
    }

    /** The mean over repetitions of (last member's handler time - root's start), us; NaN if any is missing. */
    private static double latency(RunResult r, MulticastSettings s, String stack, MulticastMode mode, int n) {
        String k = MulticastPrograms.key(stack, mode, n);
        double sum = 0;
        for (int rep = 0; rep < s.repetitions(); rep++) {
            String start = k + "r" + rep + ".start_ps";
            long last = -1;
            for (int i = 1; i < n; i++) {
                Long at = r.counters().get(k + "r" + rep + ".h" + i + "_ps");
                if (at == null) {
                    return Double.NaN;
                }
                last = Math.max(last, at);
            }
            sum += last - r.counter(start);
        }
        return sum / s.repetitions() / 1e6;
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        MulticastSettings s = (MulticastSettings) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        for (Map.Entry<Stack<?, ?>, List<MulticastMode>> e : s.runs().entrySet()) {
            for (MulticastMode mode : e.getValue()) {
                for (int n : s.groups()) {
                    double v = latency(r, s, e.getKey().name(), mode, n);
                    if (Double.isFinite(v)) {
                        m.put(MulticastPrograms.key(e.getKey().name(), mode, n) + "latency_us", v);
                    }
                }
            }
        }
        return m;
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        MulticastSettings s = (MulticastSettings) plan.settings();
        LinkedHashMap<String, List<Double>> lines = new LinkedHashMap<>();
        for (Map.Entry<Stack<?, ?>, List<MulticastMode>> e : s.runs().entrySet()) {
            for (MulticastMode mode : e.getValue()) {
                List<Double> y = new ArrayList<>();
                for (int n : s.groups()) {
                    y.add(latency(r, s, e.getKey().name(), mode, n));
                }
                lines.put(e.getKey().name() + ":" + mode.key(), y);
            }
        }
        return List.of(Series.lines("multicast-latency", "Broadcast latency (root's start to the last handler)",
                "group size (hosts, root included)", "us", Series.of(s.groups()), lines).withLogAxes(true, false));
    }

    @Override
    public List<Table> tables(Plan plan, RunResult r) {
        MulticastSettings s = (MulticastSettings) plan.settings();
        List<String> cols = new ArrayList<>(List.of("stack:mode"));
        for (int n : s.groups()) {
            cols.add(n + " hosts (us)");
        }
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Stack<?, ?>, List<MulticastMode>> e : s.runs().entrySet()) {
            for (MulticastMode mode : e.getValue()) {
                List<String> row = new ArrayList<>(List.of(e.getKey().name() + ":" + mode.key()));
                for (int n : s.groups()) {
                    row.add(Table.number(latency(r, s, e.getKey().name(), mode, n), 1));
                }
                rows.add(row);
            }
        }
        return List.of(new Table("multicast", "Broadcast latency by group size", cols, rows));
    }
}
