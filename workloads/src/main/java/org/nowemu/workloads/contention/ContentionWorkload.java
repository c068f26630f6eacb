package org.nowemu.workloads.contention;

import com.typesafe.config.Config;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.AmCluster;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.faults.FaultSchedule;
import org.nowemu.workloads.faults.Remapping;
import org.nowemu.workloads.results.Series;

/**
 * Many clients, one server endpoint, one virtual network ({@code nowemu.contention}): host 0 serves, hosts 1..N
 * are clients. Each client count runs in three phases, one after the other in the same run: short requests,
 * bulk requests, and round trips ({@link ContentionProgram}).
 *
 * <p>Metrics, per client count n: {@code contention.short.<n>.server_rate_msgps}, {@code .client_rate_msgps};
 * {@code contention.bulk.<n>.server_bw_MBps}, {@code .client_bw_MBps}; {@code contention.rtt.<n>.rtt_us}. For the
 * largest n: {@code contention.short.server_rate_msgps}, {@code contention.short.client_rate_msgps},
 * {@code contention.bulk.server_bw_MBps}; and {@code contention.rtt.slope_us}, the least-squares slope of RTT
 * against clients. With {@code nowemu.mapper.with-traffic}, the mapper daemons run beside the traffic
 * ({@link Remapping}: {@code faults.remap_us} and the others).
 */
public final class ContentionWorkload implements Workload {
    private record Planned(ContentionSettings settings, Remapping remapping) {
    }

    @Override
    public String name() {
        return "contention";
    }

    @Override
    public String description() {
        return "1 to N clients on one server endpoint: server and client rates, bulk bandwidth, RTT vs clients";
    }

    @Override
    public boolean takesFaults() {
        return true;
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        ContentionSettings s = ContentionSettings.read(r, profile);
        Topology t = Topologies.build(r, profile.switches().ports());
        int most = s.clients().get(s.clients().size() - 1);
        Hosts.require(t, most + 1, "contention runs a server and up to " + most + " clients");
        EndpointName server = new EndpointName(0, 0);
        Failures failures = FaultSchedule.read(r, t);
        Remapping remapping = Remapping.read(r, t, profile, failures);
        Cluster c = AmCluster.build(t, profile, h -> s.stack(), remapping.around(
                h -> h == 0 ? List.of(ContentionProgram.server(s))
                        : h <= most ? List.of(ContentionProgram.client(h - 1, server, s)) : List.of()),
                failures);
        List<ContentionSettings.Phase> phases = s.phases();
        long horizon = FaultSchedule.horizon(config, phases.get(phases.size() - 1).end() + s.gap(),
                100 * s.duration(), s.stack());
        return new Plan(c.model(), horizon, new Planned(s, remapping));
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        Planned planned = (Planned) plan.settings();
        ContentionSettings s = planned.settings();
        TreeMap<String, Double> m = new TreeMap<>(planned.remapping().metrics(r));
        double window = (s.duration() - s.warmup()) / 1e12;
        int most = s.clients().get(s.clients().size() - 1);
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        int points = 0;
        for (ContentionSettings.Phase p : s.phases()) {
            String k = p.key();
            int n = p.clients();
            switch (p.mode()) {
                case "short" -> {
                    double rate = r.counter(k + "replies") / window;
                    m.put(k + "server_rate_msgps", rate);
                    m.put(k + "client_rate_msgps", rate / n);
                    if (n == most) {
                        m.put("contention.short.server_rate_msgps", rate);
                        m.put("contention.short.client_rate_msgps", rate / n);
                    }
                }
                case "bulk" -> {
                    double bw = r.counter(k + "bytes") / window / 1e6;
                    m.put(k + "server_bw_MBps", bw);
                    m.put(k + "client_bw_MBps", bw / n);
                    if (n == most) {
                        m.put("contention.bulk.server_bw_MBps", bw);
                    }
                }
                default -> {
                    long count = r.counter(k + "rtt_n");
                    if (count > 0) {
                        double rtt = r.counter(k + "rtt_ps") / (double) count / 1e6;
                        m.put(k + "rtt_us", rtt);
                        sx += n;
                        sy += rtt;
                        sxx += (double) n * n;
                        sxy += n * rtt;
                        points++;
                    }
                }
            }
        }
        if (points >= 2 && points * sxx - sx * sx > 0) {
            m.put("contention.rtt.slope_us", (points * sxy - sx * sy) / (points * sxx - sx * sx));
        }
        return m;
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        ContentionSettings s = ((Planned) plan.settings()).settings();
        SortedMap<String, Double> m = metrics(plan, r);
        List<Double> x = Series.of(s.clients());
        return List.of(
                Series.lines("contention-short", "Short requests: server and per-client rate vs clients", "clients",
                        "messages/s", x, columns(m, s, "short", "server_rate_msgps", "client_rate_msgps")),
                Series.lines("contention-bulk", "1 KB bulk requests: server and per-client bandwidth vs clients",
                        "clients", "MB/s", x, columns(m, s, "bulk", "server_bw_MBps", "client_bw_MBps")),
                Series.lines("contention-rtt", "Round-trip time vs clients", "clients", "us", x,
                        columns(m, s, "rtt", "rtt_us")));
    }

    private static java.util.LinkedHashMap<String, List<Double>> columns(SortedMap<String, Double> m,
                                                                         ContentionSettings s, String mode,
                                                                         String... names) {
        java.util.LinkedHashMap<String, List<Double>> ys = new java.util.LinkedHashMap<>();
        for (String name : names) {
            List<Double> col = new java.util.ArrayList<>();
            for (int n : s.clients()) {
                col.add(m.getOrDefault("contention." + mode + "." + n + "." + name, 0.0));
            }
            ys.put(name, col);
        }
        return ys;
    }
}
