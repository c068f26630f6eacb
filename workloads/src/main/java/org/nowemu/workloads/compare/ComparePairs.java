package org.nowemu.workloads.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignSpace;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.experiment.PairStudy;
import org.nowemu.workloads.results.Published;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * Every stack of the comparison on its own host pair ({@link ComparePrograms} over each stack's benchmark adapter),
 * the same benchmark for all. What the programs timed in the run becomes, per stack: one-way latency and streaming
 * bandwidth at each size, and the stack's figures: latency at the smallest size, the peak bandwidth and N½.
 *
 * @param profile the hardware profile's name: which published figures, if any, the stacks' figures were calibrated
 *                on
 */
record ComparePairs(CompareSettings s, String profile) implements PairStudy {

    @Override
    public List<Stack<?, ?>> stacks() {
        return s.stacks();
    }

    @Override
    public Object client(int pair) {
        Stack<?, ?> stack = s.stacks().get(pair);
        return stack.messengerProgram(s.maxSize(), ComparePrograms.client(stack.name(), s, 2 * pair + 1))
                .orElseThrow();
    }

    @Override
    public Object server(int pair) {
        Stack<?, ?> stack = s.stacks().get(pair);
        return stack.messengerProgram(s.maxSize(), ComparePrograms.server(stack.name(), s, 2 * pair)).orElseThrow();
    }

    @Override
    public long maxTimePs() {
        return s.maxTimePs();
    }

    /** One-way latency at {@code size} (us): half the mean timed round trip; NaN if none completed. */
    private static double latency(RunResult r, String stack, int size) {
        String k = ComparePrograms.key(stack, size);
        long n = r.counter(k + "rtt_n");
        return n == 0 ? Double.NaN : r.counter(k + "rtt_ps") / (double) n / 2 / 1e6;
    }

    /** Streaming bandwidth at {@code size} (MB/s, 10^6 B/s); NaN if no stream was timed. */
    private static double bandwidth(RunResult r, String stack, int size) {
        String k = ComparePrograms.key(stack, size);
        long ps = r.counter(k + "stream_ps");
        return ps == 0 ? Double.NaN : r.counter(k + "stream_bytes") / (ps / 1e12) / 1e6;
    }

    @Override
    public SortedMap<String, Double> metrics(RunResult r) {
        TreeMap<String, Double> m = new TreeMap<>();
        for (Stack<?, ?> stack : s.stacks()) {
            String k = "compare." + stack.name() + ".";
            List<Double> rates = new ArrayList<>();
            for (int size : s.sizes()) {
                PairStudy.putMeasured(m, k + size + "B.latency_us", latency(r, stack.name(), size));
                double bw = bandwidth(r, stack.name(), size);
                PairStudy.putMeasured(m, k + size + "B_MBps", bw);
                rates.add(bw);
            }
            // Derived from the measured figures above: the smallest size's latency, the best rate, and N½.
            PairStudy.putMeasured(m, k + "latency_us", latency(r, stack.name(), s.sizes().get(0)));
            PairStudy.putMeasured(m, k + "peak_MBps", rates.stream().filter(Double::isFinite)
                    .mapToDouble(Double::doubleValue).max().orElse(Double.NaN));
            PairStudy.putMeasured(m, k + "half_power_bytes", HalfPower.of(s.sizes(), rates));
        }
        return m;
    }

    /** Latency and bandwidth against message size, every stack a line, on a logarithmic size axis. */
    @Override
    public List<Series> series(RunResult r) {
        LinkedHashMap<String, List<Double>> lat = new LinkedHashMap<>();
        LinkedHashMap<String, List<Double>> bw = new LinkedHashMap<>();
        for (Stack<?, ?> stack : s.stacks()) {
            List<Double> l = new ArrayList<>();
            List<Double> b = new ArrayList<>();
            for (int size : s.sizes()) {
                l.add(latency(r, stack.name(), size));
                b.add(bandwidth(r, stack.name(), size));
            }
            lat.put(stack.name(), l);
            bw.put(stack.name(), b);
        }
        List<Double> x = Series.of(s.sizes());
        return List.of(
                Series.lines("compare-latency", "One-way latency (half a round trip) vs message size",
                        "message size (bytes)", "us", x, lat).withLogAxes(true, true),
                Series.lines("compare-bandwidth", "Streaming bandwidth vs message size", "message size (bytes)",
                        "MB/s (10^6 B/s)", x, bw).withLogAxes(true, false));
    }

    /** The stacks side by side: their system, latency at the smallest size, peak bandwidth and N½. */
    @Override
    public List<Table> tables(RunResult r) {
        SortedMap<String, Double> m = metrics(r);
        List<List<String>> rows = new ArrayList<>();
        for (Stack<?, ?> stack : s.stacks()) {
            String k = "compare." + stack.name() + ".";
            rows.add(List.of(stack.name(), stack.system().name(),
                    Table.number(m.getOrDefault(k + "latency_us", Double.NaN), 2),
                    Table.number(m.getOrDefault(k + "peak_MBps", Double.NaN), 1),
                    Table.number(m.getOrDefault(k + "half_power_bytes", Double.NaN), 0),
                    Published.kindOf(profile, k + "latency_us") + ", " + Published.kindOf(profile, k + "peak_MBps")));
        }
        return List.of(new Table("compare", "Stacks side by side", List.of("stack", "system",
                "one-way latency, " + s.sizes().get(0) + " B (us)", "peak bandwidth (MB/s)", "N½ (bytes)",
                "latency, peak: calibrated or reproduced"), rows), designSpace());
    }

    /** Where each compared system stands in the survey's design space, as its registry entry declares it. */
    private Table designSpace() {
        List<CommSystem<?, ?>> systems = new ArrayList<>();
        for (Stack<?, ?> stack : s.stacks()) {
            if (!systems.contains(stack.system())) {
                systems.add(stack.system());
            }
        }
        List<List<String>> rows = DesignSpace.rows(systems);
        return new Table("design-space", "The compared systems' design choices", rows.get(0),
                rows.subList(1, rows.size()));
    }
}
