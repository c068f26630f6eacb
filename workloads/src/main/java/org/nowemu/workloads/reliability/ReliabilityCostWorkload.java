package org.nowemu.workloads.reliability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.link.LinkFault;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.SystemCluster;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.ClusterWorkload;
import org.nowemu.workloads.faults.FaultSchedule;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * What each reliability choice costs and what it saves ({@code nowemu.reliability-cost}): every stack on a clean
 * host pair (one-way latency by ping-pong, streaming bandwidth) and on one pair per bit-error rate, whose two host
 * cables flip bits from the start (a stream: what arrived, at what rate). Pairs go stack by stack, hosts 2p and
 * 2p+1 for pair p. The run's ledger holds every stack to its promise: a resending stack must lose nothing, one
 * that promises nothing has its losses counted as dropped, and one that promises delivery but assumes the fault
 * away (FM assumes Myrinet flips no bits) has its losses counted as lost to that assumption, shown per stack in
 * the table. The schedule {@code nowemu.faults} applies besides. The run lasts until its traffic has settled
 * ({@link ReliabilityCostSettings#horizonPs}); a stack that measured nothing fails the run.
 *
 * <p>Metrics ({@code reliability-cost.<stack>.}): {@code latency_us} (half the mean timed round trip, clean),
 * {@code MBps} (clean stream), and per rate k ({@code ber<k>.}): {@code sent}, {@code arrived} (counted by the
 * programs), {@code MBps} (goodput of what arrived) and {@code missing} (sent - arrived, derived).
 */
public final class ReliabilityCostWorkload extends ClusterWorkload<ReliabilityCostSettings> {
    public ReliabilityCostWorkload() {
        super("reliability-cost",
                "each reliability choice: latency and bandwidth, and what it loses or recovers under bit errors",
                ReliabilityCostSettings::read);
    }

    @Override
    public boolean takesFaults() {
        return true;
    }

    @Override
    public boolean runsMapperWithTraffic() {
        return false;
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, ReliabilityCostSettings s, Topology t) {
        Hosts.require(t, 2 * s.pairs(), "reliability-cost runs " + s.stacks().size() + " stack(s) on "
                + s.pairs() + " host pairs (a clean one and one per bit-error rate each)");
        Failures f = FaultSchedule.read(r, t);
        for (int p = 0; p < s.pairs(); p++) {
            double ber = s.rateOf(p);
            if (ber > 0) {
                for (int h = 2 * p; h <= 2 * p + 1; h++) {
                    f = f.linkFault(new Port(t.hosts().get(h).index(), 0), new LinkFault(0, ber, 0));
                }
            }
        }
        int pairs = s.pairs();
        Stack<?, ?> idle = s.stacks().get(0);
        var cluster = SystemCluster.build(t, profile, h -> h < 2 * pairs ? s.stackOf(h / 2) : idle,
                h -> h >= 2 * pairs ? List.of() : List.of(program(s, h)), f);
        return new Plan(cluster.model(), s.horizonPs(), s, s.receiveTimeoutPs());
    }

    private static Object program(ReliabilityCostSettings s, int h) {
        int p = h / 2;
        Stack<?, ?> stack = s.stackOf(p);
        boolean clean = s.rateOf(p) == 0;
        String k = ReliabilityPrograms.key(stack.name(), kase(s, p));
        int bytes = Math.max(s.latencyBytes(), s.streamBytes());
        return stack.messengerProgram(bytes, h % 2 == 0 ? ReliabilityPrograms.client(k, s, clean, h + 1)
                : ReliabilityPrograms.server(k, s, clean, h - 1)).orElseThrow();
    }

    private static String kase(ReliabilityCostSettings s, int pair) {
        int k = pair % (1 + s.bitErrorRates().size());
        return k == 0 ? "clean" : "ber" + (k - 1);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        ReliabilityCostSettings s = (ReliabilityCostSettings) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        for (Stack<?, ?> stack : s.stacks()) {
            String out = "reliability-cost." + stack.name() + ".";
            String clean = ReliabilityPrograms.key(stack.name(), "clean");
            long n = r.counter(clean + "rtt_n");
            put(m, out + "latency_us", n == 0 ? Double.NaN : r.counter(clean + "rtt_ps") / (double) n / 2 / 1e6);
            put(m, out + "MBps", rate(r, clean));
            for (int k = 0; k < s.bitErrorRates().size(); k++) {
                String in = ReliabilityPrograms.key(stack.name(), "ber" + k);
                String o = out + "ber" + k + ".";
                m.put(o + "sent", (double) r.counter(in + "sent"));
                m.put(o + "arrived", (double) r.counter(in + "arrived"));
                m.put(o + "missing", (double) (r.counter(in + "sent") - r.counter(in + "arrived")));
                put(m, o + "MBps", rate(r, in));
            }
        }
        return m;
    }

    /**
     * A stack that measured nothing failed its measurement (its row would read "0 of 0"): the clean pair without a
     * round trip, or a noisy pair whose sender sent nothing (it never got as far as its first send).
     */
    @Override
    public List<String> failures(Plan plan, RunResult r) {
        ReliabilityCostSettings s = (ReliabilityCostSettings) plan.settings();
        List<String> failed = new ArrayList<>();
        for (Stack<?, ?> stack : s.stacks()) {
            if (r.counter(ReliabilityPrograms.key(stack.name(), "clean") + "rtt_n") == 0) {
                failed.add("reliability-cost: stack " + stack.name() + " measured nothing on its clean pair (no round"
                        + " trip completed)");
            }
            for (int k = 0; k < s.bitErrorRates().size(); k++) {
                if (r.counter(ReliabilityPrograms.key(stack.name(), "ber" + k) + "sent") == 0) {
                    failed.add("reliability-cost: stack " + stack.name() + " measured nothing at bit-error rate "
                            + s.bitErrorRates().get(k) + " (0 of 0: its sender never sent)");
                }
            }
        }
        return failed;
    }

    private static double rate(RunResult r, String k) {
        long ps = r.counter(k + "stream_ps");
        return ps == 0 ? Double.NaN : r.counter(k + "stream_bytes") / (ps / 1e12) / 1e6;
    }

    private static void put(Map<String, Double> m, String key, double v) {
        if (Double.isFinite(v)) {
            m.put(key, v);
        }
    }

    /** Against the bit-error rate, a line per stack: the share of the stream that arrived, and its goodput. */
    @Override
    public List<Series> series(Plan plan, RunResult r) {
        ReliabilityCostSettings s = (ReliabilityCostSettings) plan.settings();
        SortedMap<String, Double> m = metrics(plan, r);
        LinkedHashMap<String, List<Double>> arrived = new LinkedHashMap<>();
        LinkedHashMap<String, List<Double>> goodput = new LinkedHashMap<>();
        for (Stack<?, ?> stack : s.stacks()) {
            List<Double> a = new ArrayList<>();
            List<Double> g = new ArrayList<>();
            for (int k = 0; k < s.bitErrorRates().size(); k++) {
                String o = "reliability-cost." + stack.name() + ".ber" + k + ".";
                a.add(100 * m.getOrDefault(o + "arrived", Double.NaN) / s.streamMessages());
                g.add(m.getOrDefault(o + "MBps", Double.NaN));
            }
            arrived.put(stack.name(), a);
            goodput.put(stack.name(), g);
        }
        return List.of(
                Series.lines("reliability-arrived", "Messages of the stream that arrived vs bit-error rate",
                        "bit-error rate (per bit)", "% arrived", s.bitErrorRates(), arrived).withLogAxes(true, false),
                Series.lines("reliability-goodput", "Goodput of the stream vs bit-error rate",
                        "bit-error rate (per bit)", "MB/s (10^6 B/s)", s.bitErrorRates(), goodput)
                        .withLogAxes(true, false));
    }

    /** Each stack: its system's choice, clean latency and bandwidth, and at each rate what arrived and how fast. */
    @Override
    public List<Table> tables(Plan plan, RunResult r) {
        ReliabilityCostSettings s = (ReliabilityCostSettings) plan.settings();
        SortedMap<String, Double> m = metrics(plan, r);
        List<String> columns = new ArrayList<>(List.of("stack", "latency (us)", "bandwidth (MB/s)"));
        for (double ber : s.bitErrorRates()) {
            columns.add("arrived at " + ber);
            columns.add("MB/s at " + ber);
        }
        columns.add("lost to what it assumes");
        List<List<String>> rows = new ArrayList<>();
        for (Stack<?, ?> stack : s.stacks()) {
            String o = "reliability-cost." + stack.name() + ".";
            List<String> row = new ArrayList<>(List.of(stack.name(),
                    Table.number(m.getOrDefault(o + "latency_us", Double.NaN), 2),
                    Table.number(m.getOrDefault(o + "MBps", Double.NaN), 1)));
            for (int k = 0; k < s.bitErrorRates().size(); k++) {
                row.add(Table.number(m.getOrDefault(o + "ber" + k + ".arrived", Double.NaN), 0) + " of "
                        + Table.number(m.getOrDefault(o + "ber" + k + ".sent", Double.NaN), 0));
                row.add(Table.number(m.getOrDefault(o + "ber" + k + ".MBps", Double.NaN), 1));
            }
            SortedMap<String, Long> assumed = r.ledger().lostToAssumption().getOrDefault(stack.name(), new TreeMap<>());
            List<String> kinds = new ArrayList<>();
            long n = 0;
            for (var e : assumed.entrySet()) {
                kinds.add(e.getKey() + " " + e.getValue());
                n += e.getValue();
            }
            row.add(n == 0 ? "0" : n + " (" + String.join(", ", kinds) + ")");
            rows.add(row);
        }
        return List.of(new Table("reliability-cost", "Reliability choices side by side", columns, rows));
    }
}
