package org.nowemu.workloads.permutations;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.ClusterWorkload;
import org.nowemu.workloads.faults.FaultSchedule;
import org.nowemu.workloads.faults.Remapping;
import org.nowemu.workloads.results.Series;

/**
 * Communication permutations on N hosts ({@code nowemu.permutations}): circular shift (each host sends to its
 * right neighbour and answers its left), neighbour exchange (pairs 0-1, 2-3, ... exchange) and bisection exchange
 * (host i and host i + N/2 exchange, across the middle of the host order), and random pairs (a perfect matching
 * drawn from the seed; LogP-style ping-pong between random pairs in its round-trip phase); {@code patterns}
 * chooses which, in order. Each pattern runs a bandwidth phase (medium requests) and a round-trip phase (short
 * requests), one after the other in one run.
 *
 * <p>Metrics per pattern, each counted per host in the run: {@code perm.<pattern>.bw_MBps} (the mean over the
 * sending hosts of the bandwidth each had acknowledged), {@code .host_min_over_mean}, {@code .host_max_over_mean}
 * (how evenly they fared), {@code .agg_GBps} (all hosts together), {@code .rtt_us} (mean round trip). With
 * {@code nowemu.mapper.with-traffic}, the mapper daemons run beside the traffic ({@link Remapping}:
 * {@code faults.remap_us} and the others).
 */
public final class PermutationWorkload extends ClusterWorkload<PermutationSettings> {
    private record Planned(PermutationSettings settings, Remapping remapping) {
    }

    public PermutationWorkload() {
        super("permutations",
                "circular shift, neighbour and bisection exchange: bandwidth per host, aggregate, RTT",
                PermutationSettings::read);
    }

    @Override
    public boolean takesFaults() {
        return true;
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, PermutationSettings s, Topology t) {
        Hosts.require(t, s.hosts(), "permutations exchanges among the first " + s.hosts() + " hosts");
        Failures failures = FaultSchedule.read(r, t);
        Remapping remapping = Remapping.read(r, t, profile, failures);
        Cluster c = AmCluster.build(t, profile, h -> s.stack(),
                remapping.around(h -> h < s.hosts() ? List.of(PermutationProgram.host(h, s)) : List.of()), failures);
        List<PermutationSettings.Phase> phases = s.phases();
        long traffic = phases.get(phases.size() - 1).end() + s.gap();
        return new Plan(c.model(), FaultSchedule.horizon(r.config(), traffic, 100 * s.duration(), s.stack()),
                new Planned(s, remapping), traffic);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        Planned planned = (Planned) plan.settings();
        PermutationSettings s = planned.settings();
        TreeMap<String, Double> m = new TreeMap<>(planned.remapping().metrics(r));
        double window = (s.duration() - s.warmup()) / 1e12;
        for (String pattern : s.patterns()) {
            String k = "perm." + pattern + ".";
            // Each sending host's own count: the mean, and how evenly the hosts fared.
            double total = 0;
            double min = Double.MAX_VALUE;
            double max = 0;
            int senders = 0;
            for (int i = 0; i < s.hosts(); i++) {
                if (s.partner(pattern, i) >= 0) {
                    double bw = r.counter(k + "host." + i + ".bytes") / window;
                    total += bw;
                    min = Math.min(min, bw);
                    max = Math.max(max, bw);
                    senders++;
                }
            }
            double mean = total / senders;
            m.put(k + "bw_MBps", mean / 1e6);
            m.put(k + "agg_GBps", total / 1e9);
            if (mean > 0) {
                m.put(k + "host_min_over_mean", min / mean);
                m.put(k + "host_max_over_mean", max / mean);
            }
            long n = r.counter(k + "rtt_n");
            if (n > 0) {
                m.put(k + "rtt_us", r.counter(k + "rtt_ps") / (double) n / 1e6);
            }
        }
        return m;
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        PermutationSettings s = ((Planned) plan.settings()).settings();
        SortedMap<String, Double> m = metrics(plan, r);
        List<Double> bw = new java.util.ArrayList<>();
        for (String p : s.patterns()) {
            bw.add(m.get("perm." + p + ".bw_MBps"));
        }
        java.util.LinkedHashMap<String, List<Double>> ys = new java.util.LinkedHashMap<>();
        ys.put("bandwidth per host", bw);
        return List.of(new Series("permutations", "Bandwidth per host by pattern", "pattern", "MB/s", List.of(), ys,
                java.util.Map.of(), s.patterns(), false));
    }
}
