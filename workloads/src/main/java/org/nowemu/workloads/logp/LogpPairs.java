package org.nowemu.workloads.logp;

import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmSystem;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.results.Series;

/**
 * The LogP microbenchmark ({@link LogpProgram}) on one host pair per stack. Os, Or, g and RTT are timed in the run
 * by the client; L is derived from them (RTT/2 - Os - Or), as Culler et al. define it.
 */
record LogpPairs(LogpSettings s) implements PairStudy {
    @Override
    public java.util.List<Stack<StackSettings, AmProgram>> stacks() {
        return s.stacks().stream().map(AmSystem::stack).toList();
    }

    @Override
    public AmProgram client(int pair) {
        return LogpProgram.client(s.stacks().get(pair).name(), s);
    }

    @Override
    public AmProgram server(int pair) {
        return LogpProgram.server();
    }

    @Override
    public long maxTimePs() {
        return s.maxTimePs();
    }

    @Override
    public SortedMap<String, Double> metrics(RunResult r) {
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
            // Derived, not counted: L is what half a round trip leaves once both overheads are taken out.
            m.put(k + "l_us", rtt / 2 - os - or);
        }
        return m;
    }

    /** LogP parameters as a stacked bar per stack: Os, Or and L make up half a round trip; g beside them. */
    @Override
    public java.util.List<Series> series(RunResult r) {
        SortedMap<String, Double> m = metrics(r);
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
