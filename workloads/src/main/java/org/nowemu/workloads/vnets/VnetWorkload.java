package org.nowemu.workloads.vnets;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.ClusterWorkload;
import org.nowemu.workloads.results.Series;

/**
 * Many virtual networks on one server host ({@code nowemu.virtual-networks}): host 0 runs a polled server
 * process and a threaded one, each with an endpoint per client; hosts 1..N are clients ({@link VnetProgram}).
 *
 * <p>Metrics per client count n and server kind ({@code polled}, {@code threaded}):
 * {@code vn.<kind>.<n>.server_rate_msgps}, {@code .client_max_over_mean}, {@code .client_min_over_mean},
 * {@code .client_stddev_msgps}; for the threaded server also {@code .endpoint_faults}. Totals over the run:
 * {@code vn.requests}, {@code vn.replies}, {@code vn.evictions}, {@code vn.nacks}.
 */
public final class VnetWorkload extends ClusterWorkload<VnetSettings> {
    public VnetWorkload() {
        super("virtual-networks",
                "one server host with an endpoint per client: polled and threaded servers, rates and their spread",
                VnetSettings::read);
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, VnetSettings s, Topology t) {
        int most = s.mostClients();
        Hosts.require(t, most + 1, "virtual-networks runs a server and up to " + most + " clients");
        Cluster c = AmCluster.build(t, profile, h -> s.stack(), h -> {
            if (h == 0) {
                List<AmProgram> servers = new ArrayList<>();
                servers.add(VnetProgram.polled(s));
                if (s.mostThreaded() > 0) {
                    servers.add(VnetProgram.threaded(s));
                }
                return servers;
            }
            if (h > most) {
                return List.of();
            }
            int i = h - 1;
            int processes = s.mostThreaded() > 0 ? 2 : 1;
            EndpointName polled = i < s.mostPolled()
                    ? new EndpointName(0, AmCluster.firstEndpoint(s.stack(), processes, 0, 1, 0) + i) : null;
            EndpointName threaded = i < s.mostThreaded()
                    ? new EndpointName(0, AmCluster.firstEndpoint(s.stack(), processes, 1, s.mostThreaded(), i)) : null;
            return List.of(VnetProgram.client(i, polled, threaded, s));
        });
        List<VnetSettings.Phase> phases = s.phases();
        return new Plan(c.model(), phases.get(phases.size() - 1).end() + s.gap() + 100 * s.duration(), s);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        VnetSettings s = (VnetSettings) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        double window = (s.duration() - s.warmup()) / 1e12;
        for (VnetSettings.Phase p : s.phases()) {
            String k = p.key();
            int n = p.clients();
            double[] rates = new double[n];
            double sum = 0;
            double min = Double.MAX_VALUE;
            double max = 0;
            for (int i = 0; i < n; i++) {
                rates[i] = r.counter(k + "client." + i) / window;
                sum += rates[i];
                min = Math.min(min, rates[i]);
                max = Math.max(max, rates[i]);
            }
            double mean = sum / n;
            double var = 0;
            for (double x : rates) {
                var += (x - mean) * (x - mean);
            }
            m.put(k + "server_rate_msgps", sum);
            if (mean > 0) {
                // Nothing received: the ratios are undefined and left out, not written as 0.
                m.put(k + "client_max_over_mean", max / mean);
                m.put(k + "client_min_over_mean", min / mean);
            }
            m.put(k + "client_stddev_msgps", Math.sqrt(var / n));
            if (p.server().equals("threaded")) {
                m.put(k + "endpoint_faults", (double) r.counter(k + "endpoint_faults"));
            }
        }
        m.put("vn.requests", (double) r.counter("vn.requests"));
        m.put("vn.replies", (double) r.counter("vn.replies"));
        m.put("vn.evictions", (double) r.counter("vn.evictions"));
        m.put("vn.nacks", (double) r.counter("vn.nacks_sent"));
        return m;
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        VnetSettings s = (VnetSettings) plan.settings();
        SortedMap<String, Double> m = metrics(plan, r);
        List<Series> out = new ArrayList<>();
        for (String kind : List.of("polled", "threaded")) {
            List<Integer> counts = kind.equals("polled") ? s.polled() : s.threaded();
            if (counts.isEmpty()) {
                continue;
            }
            List<Double> mean = new ArrayList<>();
            List<Double> sd = new ArrayList<>();
            for (int n : counts) {
                String k = "vn." + kind + "." + n + ".";
                mean.add(m.get(k + "server_rate_msgps") / n);
                sd.add(m.get(k + "client_stddev_msgps"));
            }
            java.util.LinkedHashMap<String, List<Double>> ys = new java.util.LinkedHashMap<>();
            ys.put("per-client rate", mean);
            out.add(new Series("vn-" + kind, "Per-client rate vs virtual networks (" + kind + " server)",
                    "virtual networks (clients)", "messages/s", Series.of(counts), ys,
                    java.util.Map.of("per-client rate", sd), null, false));
        }
        return out;
    }
}
