package org.nowemu.workloads.contention;

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
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.ClusterWorkload;
import org.nowemu.workloads.faults.FaultSchedule;
import org.nowemu.workloads.faults.Remapping;
import org.nowemu.workloads.results.Series;

/**
 * Many clients, one server endpoint, one virtual network ({@code nowemu.contention}): host 0 serves, hosts 1..N
 * are clients. Each client count runs in three phases, one after the other in the same run: short requests,
 * bulk requests, and round trips ({@link ContentionProgram}).
 *
 * <p>Metrics, per client count n, each counted in the run over the measured part of its phase:
 * {@code contention.short.<n>.server_rate_msgps} (requests the server handled), {@code .client_rate_msgps} (the
 * mean over the n clients of the replies each received), {@code .client_min_over_mean},
 * {@code .client_max_over_mean}, {@code .client_stddev_msgps} (how evenly the clients were served);
 * {@code contention.bulk.<n>.server_bw_MBps}, {@code .client_bw_MBps} (mean per client),
 * {@code .client_min_over_mean}, {@code .client_max_over_mean}, {@code .client_stddev_MBps};
 * {@code contention.rtt.<n>.rtt_us} (mean round trip). For the largest n: {@code contention.short.server_rate_msgps},
 * {@code contention.short.client_rate_msgps}, {@code contention.bulk.server_bw_MBps}. Derived, not counted:
 * {@code contention.rtt.slope_us}, the least-squares slope of the measured RTTs against clients. With {@code nowemu.mapper.with-traffic}, the mapper daemons run beside the traffic
 * ({@link Remapping}: {@code faults.remap_us} and the others).
 */
public final class ContentionWorkload extends ClusterWorkload<ContentionSettings> {
    private record Planned(ContentionSettings settings, Remapping remapping) {
    }

    public ContentionWorkload() {
        super("contention",
                "1 to N clients on one server endpoint: server and client rates, bulk bandwidth, RTT vs clients",
                ContentionSettings::read);
    }

    @Override
    public boolean takesFaults() {
        return true;
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, ContentionSettings s, Topology t) {
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
        long traffic = phases.get(phases.size() - 1).end() + s.gap();
        long horizon = FaultSchedule.horizon(r.config(), traffic, 100 * s.duration(), s.stack());
        return new Plan(c.model(), horizon, new Planned(s, remapping), traffic);
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
                    double rate = r.counter(k + "served") / window;
                    m.put(k + "server_rate_msgps", rate);
                    double mean = spread(m, k, "msgps", perClient(r, k, n, "replies", window));
                    if (n == most) {
                        m.put("contention.short.server_rate_msgps", rate);
                        m.put("contention.short.client_rate_msgps", mean);
                    }
                }
                case "bulk" -> {
                    double bw = r.counter(k + "served_bytes") / window / 1e6;
                    m.put(k + "server_bw_MBps", bw);
                    spread(m, k, "MBps", perClient(r, k, n, "bytes", window * 1e6));
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

    /** What each of the first n clients counted under {@code what} in phase k, divided by {@code per}. */
    private static double[] perClient(RunResult r, String k, int n, String what, double per) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.counter(k + "client." + i + "." + what) / per;
        }
        return v;
    }

    /**
     * Puts the clients' mean ({@code client_rate_msgps} or {@code client_bw_MBps}), their spread around it and
     * their standard deviation; returns the mean. With a mean of 0 (nothing received) the ratios are not defined
     * and are left out.
     */
    private static double spread(TreeMap<String, Double> m, String k, String unit, double[] v) {
        double sum = 0;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (double x : v) {
            sum += x;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        double mean = sum / v.length;
        double var = 0;
        for (double x : v) {
            var += (x - mean) * (x - mean);
        }
        m.put(k + (unit.equals("msgps") ? "client_rate_msgps" : "client_bw_MBps"), mean);
        m.put(k + "client_stddev_" + unit, Math.sqrt(var / v.length));
        if (mean > 0) {
            m.put(k + "client_min_over_mean", min / mean);
            m.put(k + "client_max_over_mean", max / mean);
        }
        return mean;
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
                col.add(m.getOrDefault("contention." + mode + "." + n + "." + name, Double.NaN));
            }
            ys.put(name, col);
        }
        return ys;
    }
}
