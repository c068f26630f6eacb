package org.nowemu.workloads.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.nowemu.workloads.results.Outputs;
import org.nowemu.workloads.results.Plots;
import org.nowemu.workloads.results.Results;
import org.nowemu.workloads.results.Series;

/**
 * What a sweep writes beside its points: {@code sweep.csv} (one row per value, one column per metric; a cell is
 * empty where that point did not measure the metric) and, when every value is a number, a plot of each metric
 * against the value ({@code sweep-<metric>.png}), with the unmeasured points left out.
 */
final class SweepSummary {
    private SweepSummary() {
    }

    static void write(Study.SweepGroup g, List<Results> all, Outputs outputs, PrintWriter stdout) {
        List<Results> points = g.points().stream().map(all::get).toList();
        TreeSet<String> metrics = new TreeSet<>();
        points.forEach(p -> metrics.addAll(p.metrics().keySet()));
        StringBuilder csv = new StringBuilder(g.key());
        for (String m : metrics) {
            csv.append(',').append(m);
        }
        csv.append('\n');
        for (int i = 0; i < points.size(); i++) {
            String v = g.values().get(i);
            csv.append(v.contains(",") || v.contains("\"") ? "\"" + v.replace("\"", "\"\"") + "\"" : v);
            for (String m : metrics) {
                Number n = points.get(i).metrics().get(m);
                csv.append(',').append(n == null ? "" : String.format(Locale.ROOT, "%.6g", n.doubleValue()));
            }
            csv.append('\n');
        }
        String dir = g.dir().isEmpty() ? "" : g.dir();
        outputs.writeString(dir + "sweep.csv", csv.toString());
        List<Double> x = numeric(g.values());
        if (x != null) {
            for (String m : metrics) {
                List<Double> y = new ArrayList<>();
                for (Results p : points) {
                    Number n = p.metrics().get(m);
                    y.add(n == null ? Double.NaN : n.doubleValue());
                }
                LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
                ys.put(m, y);
                outputs.write(dir + "sweep-" + m + ".png",
                        Plots.png(Series.lines("sweep-" + m, m + " vs " + g.key(), g.key(), m, x, ys)));
            }
        }
        if (g.slowdown() != null) {
            g.slowdown().write(dir, points, outputs, stdout);
        }
        stdout.println("sweep of " + g.key() + ": " + points.size() + " points, " + metrics.size()
                + " metrics in " + dir + "sweep.csv");
    }

    private static List<Double> numeric(List<String> values) {
        List<Double> out = new ArrayList<>();
        for (String v : values) {
            try {
                out.add(Double.parseDouble(v));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return out;
    }
}
