package org.nowemu.workloads.logp;

import com.typesafe.config.Config;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.StackPairs;
import org.nowemu.workloads.experiment.Workload;
import org.nowemu.workloads.results.Series;

/**
 * The LogP parameters of each protocol stack ({@code nowemu.logp}), measured with the microbenchmark in
 * {@link LogpProgram}, one host pair per stack.
 *
 * <p>Metrics, per stack: {@code logp.<stack>.os_us}, {@code .or_us}, {@code .g_us}, {@code .l_us} (RTT/2 - Os -
 * Or), {@code .rtt_us}.
 */
public final class LogpWorkload implements Workload {
    @Override
    public String name() {
        return "logp";
    }

    @Override
    public String description() {
        return "LogP microbenchmark per protocol stack: Os, Or, g, L, RTT";
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        LogpSettings s = LogpSettings.read(r, profile);
        Cluster c = StackPairs.build(r, profile, "logp", s.stacks(),
                i -> LogpProgram.client(s.stacks().get(i).name(), s), i -> LogpProgram.server());
        return new Plan(c.model(), s.maxTimePs(), s);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        LogpSettings s = (LogpSettings) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        for (StackSettings stack : s.stacks()) {
            String k = "logp." + stack.name() + ".";
            double rtt = mean(r, k + "rtt");
            double os = mean(r, k + "os");
            double or = mean(r, k + "or");
            double g = mean(r, k + "g");
            if (Double.isNaN(rtt) || Double.isNaN(os) || Double.isNaN(or) || Double.isNaN(g)) {
                continue;
            }
            m.put(k + "os_us", os);
            m.put(k + "or_us", or);
            m.put(k + "g_us", g);
            m.put(k + "rtt_us", rtt);
            m.put(k + "l_us", rtt / 2 - os - or);
        }
        return m;
    }

    /** LogP parameters as a stacked bar per stack: Os, Or and L make up half a round trip; g beside them. */
    @Override
    public java.util.List<Series> series(Plan plan, RunResult r) {
        LogpSettings s = (LogpSettings) plan.settings();
        SortedMap<String, Double> m = metrics(plan, r);
        java.util.List<String> stacks = new java.util.ArrayList<>();
        java.util.LinkedHashMap<String, java.util.List<Double>> ys = new java.util.LinkedHashMap<>();
        for (String part : java.util.List.of("os", "or", "l")) {
            ys.put(part.equals("l") ? "L" : part.equals("os") ? "Os" : "Or", new java.util.ArrayList<>());
        }
        java.util.LinkedHashMap<String, java.util.List<Double>> gaps = new java.util.LinkedHashMap<>();
        gaps.put("g", new java.util.ArrayList<>());
        for (StackSettings stack : s.stacks()) {
            String k = "logp." + stack.name() + ".";
            if (!m.containsKey(k + "g_us")) {
                continue;
            }
            stacks.add(stack.name());
            ys.get("Os").add(m.get(k + "os_us"));
            ys.get("Or").add(m.get(k + "or_us"));
            ys.get("L").add(m.get(k + "l_us"));
            gaps.get("g").add(m.get(k + "g_us"));
        }
        return java.util.List.of(
                new Series("logp", "LogP: Os + Or + L (half a round trip) per stack", "stack", "us", java.util.List.of(),
                        ys, java.util.Map.of(), stacks, true),
                new Series("logp-gap", "LogP: gap g per stack", "stack", "us", java.util.List.of(), gaps,
                        java.util.Map.of(), stacks, false));
    }

    /** Mean in microseconds of what the client recorded under {@code key}, or NaN if nothing. */
    static double mean(RunResult r, String key) {
        long n = r.counter(key + "_n");
        return n == 0 ? Double.NaN : r.counter(key + "_ps") / (double) n / 1e6;
    }
}
