package org.nowemu.workloads.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Plots;
import org.nowemu.workloads.results.Results;
import org.nowemu.workloads.results.Series;

/**
 * The slowdown plots of a sensitivity study ({@code nowemu.sweep.slowdown}): the sweep's values name stacks, one
 * with every LogGP knob at 0 (the unmodified system) and each other moving one knob. Per knob, a plot of each named
 * metric at each point over its value at the unmodified point, against the knob's value, one line per metric (an
 * application's run time: its slowdown), and the same as CSV. Both run times are measured in the sweep's own runs;
 * nothing here is a formula of the knob.
 *
 * @param metrics the metrics by label (the legend), in the order listed
 * @param base    the index (in the sweep's points) of the first point with every knob at 0
 * @param knob    each point's knob (an index into {@link #KNOBS}), or -1 for a point with every knob at 0
 * @param value   each point's value of its knob, in the knob's unit
 */
record SweepSlowdown(LinkedHashMap<String, String> metrics, int base, List<Integer> knob, List<Double> value) {
    /** The knobs: key in a stack, LogGP letter, unit, picoseconds per unit. */
    static final String[][] KNOBS = {
        {"added-overhead", "o", "us", "1e6"},
        {"added-gap", "g", "us", "1e6"},
        {"added-latency", "L", "us", "1e6"},
        {"added-per-byte", "G", "ns per byte", "1e3"},
    };
    static final String KEY = "nowemu.sweep.slowdown";

    /**
     * The plots {@code c} asks for over a sweep of {@code sweptKey} whose points have the configurations
     * {@code points}, checked before anything runs; null when it asks for none.
     */
    static SweepSlowdown of(Config c, String sweptKey, List<Config> points) {
        ConfigReader r = new ConfigReader(c);
        List<? extends ConfigValue> listed;
        try {
            listed = c.getList(KEY);
        } catch (com.typesafe.config.ConfigException e) {
            throw r.bad(KEY, "must be a list of {label = ..., metric = ...}, e.g. [{label = is, metric ="
                    + " \"motif.apps.0.time_us\"}]");
        }
        LinkedHashMap<String, String> metrics = new LinkedHashMap<>();
        for (ConfigValue v : listed) {
            if (!(v instanceof com.typesafe.config.ConfigObject o) || !o.keySet().equals(java.util.Set.of("label", "metric"))
                    || o.get("label").valueType() != ConfigValueType.STRING
                    || o.get("metric").valueType() != ConfigValueType.STRING) {
                throw r.bad(KEY, "each line is {label = ..., metric = ...} (two strings), got " + v.render(
                        com.typesafe.config.ConfigRenderOptions.concise()));
            }
            String label = ((String) o.get("label").unwrapped()).trim();
            String metric = ((String) o.get("metric").unwrapped()).trim();
            if (label.isEmpty() || metric.isEmpty() || metrics.put(label, metric) != null) {
                throw r.bad(KEY, "each line needs a label of its own and a metric, got " + v.render(
                        com.typesafe.config.ConfigRenderOptions.concise()));
            }
        }
        if (metrics.isEmpty()) {
            return null;
        }
        if (sweptKey == null) {
            throw r.bad(KEY, "plots a sweep's slowdown, but no nowemu.sweep.key names what is swept");
        }
        int base = -1;
        List<Integer> knob = new ArrayList<>();
        List<Double> value = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            Config pc = points.get(i);
            ConfigReader pr = new ConfigReader(pc);
            String where = "point " + (i + 1);
            if (pc.getValue(sweptKey).valueType() != ConfigValueType.STRING) {
                throw r.bad(KEY, where + ": " + sweptKey + " must name a stack for a slowdown plot");
            }
            String stack = pr.string(sweptKey);
            String path = "nowemu.protocol.stacks." + com.typesafe.config.ConfigUtil.joinPath(stack);
            if (!pc.hasPath(path)) {
                throw r.bad(KEY, where + ": '" + stack + "' names no stack in nowemu.protocol.stacks");
            }
            int moved = -1;
            double at = 0;
            for (int k = 0; k < KNOBS.length; k++) {
                String kp = path + "." + KNOBS[k][0];
                long ps = pc.hasPath(kp) ? pr.duration(kp, 0) : 0;
                if (ps == 0) {
                    continue;
                }
                if (moved >= 0) {
                    throw r.bad(KEY, where + ": stack " + stack + " sets both " + KNOBS[moved][0] + " and "
                            + KNOBS[k][0] + "; each point of a slowdown plot moves one knob");
                }
                moved = k;
                at = ps / Double.parseDouble(KNOBS[k][3]);
            }
            if (moved < 0 && base < 0) {
                base = i;
            }
            knob.add(moved);
            value.add(at);
        }
        if (base < 0) {
            throw r.bad(KEY, "needs a point whose stack has every knob at 0 (the unmodified system) to divide by");
        }
        return new SweepSlowdown(metrics, base, List.copyOf(knob), List.copyOf(value));
    }

    /** Writes {@code sweep-slowdown-<letter>.png} and {@code .csv} for each knob some point moves. */
    void write(String dir, List<Results> points, Outputs outputs, PrintWriter stdout) {
        for (int k = 0; k < KNOBS.length; k++) {
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < knob.size(); i++) {
                if (knob.get(i) == k) {
                    at.add(i);
                }
            }
            if (at.isEmpty()) {
                continue;
            }
            at.sort(Comparator.comparingDouble(value::get));
            at.add(0, base);
            List<Double> x = new ArrayList<>();
            at.forEach(i -> x.add(i == base ? 0.0 : value.get(i)));
            LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
            StringBuilder line = new StringBuilder();
            for (Map.Entry<String, String> e : metrics.entrySet()) {
                double zero = measured(points.get(base), e.getValue());
                List<Double> y = new ArrayList<>();
                for (int i : at) {
                    y.add(measured(points.get(i), e.getValue()) / zero);
                }
                ys.put(e.getKey(), y);
                line.append(String.format(java.util.Locale.ROOT, " %s %.2f", e.getKey(), y.get(y.size() - 1)));
            }
            String letter = KNOBS[k][1];
            Series s = Series.lines("sweep-slowdown-" + letter, "Slowdown against " + letter + " (" + KNOBS[k][0]
                    + ")", KNOBS[k][0] + " (" + KNOBS[k][2] + ")", "slowdown (run time / run time at 0)", x, ys);
            outputs.writeString(dir + s.name() + ".csv", s.csv());
            outputs.write(dir + s.name() + ".png", Plots.png(s));
            stdout.println("slowdown at the largest " + letter + ":" + line);
        }
    }

    /** The metric at one point, NaN where it was not measured (a line then has a gap, not a made-up point). */
    private static double measured(Results r, String metric) {
        Number n = r.metrics().get(metric);
        return n == null ? Double.NaN : n.doubleValue();
    }
}
