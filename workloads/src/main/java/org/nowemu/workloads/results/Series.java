package org.nowemu.workloads.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One series of an experiment's results, for a CSV file and a plot: x values and one or more named y columns (with
 * optional error bars), or, as bars, categories and stacked values.
 *
 * @param name   file name stem ({@code name.csv}, {@code name.png})
 * @param title  plot title
 * @param xLabel x axis (or category) label
 * @param yLabel y axis label
 * @param x      x values (or category labels, as numbers' stand-ins when {@code categories} is set)
 * @param ys     y columns by name, each as long as {@code x}; NaN where nothing was measured (an empty CSV cell,
 *               no point on the plot)
 * @param errors error bars by column name (same length), if any
 * @param categories category labels for a bar chart (then {@code x} is ignored), or null for lines
 * @param stacked   bars stacked (else side by side)
 * @param logX      lines: a logarithmic x axis (every x must then be positive), for sizes in powers of two
 * @param logY      lines: a logarithmic y axis (points at or below 0 are then left out, as unmeasured ones are)
 */
public record Series(String name, String title, String xLabel, String yLabel, List<Double> x,
                     LinkedHashMap<String, List<Double>> ys, Map<String, List<Double>> errors, List<String> categories,
                     boolean stacked, boolean logX, boolean logY) {
    public Series {
        if (logX && categories == null && x.stream().anyMatch(v -> !(v > 0))) {
            throw new IllegalArgumentException(name + ": a logarithmic x axis needs positive x values, got " + x);
        }
    }

    /** A bar chart, or lines without logarithmic axes. */
    public Series(String name, String title, String xLabel, String yLabel, List<Double> x,
                  LinkedHashMap<String, List<Double>> ys, Map<String, List<Double>> errors, List<String> categories,
                  boolean stacked) {
        this(name, title, xLabel, yLabel, x, ys, errors, categories, stacked, false, false);
    }

    /** A line plot with one or more y columns. */
    public static Series lines(String name, String title, String xLabel, String yLabel, List<Double> x,
                               LinkedHashMap<String, List<Double>> ys) {
        return new Series(name, title, xLabel, yLabel, x, ys, Map.of(), null, false);
    }

    /** These lines with logarithmic axes where asked. */
    public Series withLogAxes(boolean x, boolean y) {
        return new Series(name, title, xLabel, yLabel, this.x, ys, errors, categories, stacked, x, y);
    }

    /** The series as CSV: a header row, then one row per x value (or category). */
    public String csv() {
        StringBuilder b = new StringBuilder(csvCell(xLabel));
        for (String k : ys.keySet()) {
            b.append(',').append(csvCell(k));
            if (errors.containsKey(k)) {
                b.append(',').append(csvCell(k + " stddev"));
            }
        }
        b.append('\n');
        int rows = categories != null ? categories.size() : x.size();
        for (int i = 0; i < rows; i++) {
            b.append(categories != null ? csvCell(categories.get(i)) : number(x.get(i)));
            for (Map.Entry<String, List<Double>> e : ys.entrySet()) {
                b.append(',').append(number(e.getValue().get(i)));
                if (errors.containsKey(e.getKey())) {
                    b.append(',').append(number(errors.get(e.getKey()).get(i)));
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** A value never measured (NaN) is an empty cell, not a number. */
    private static String number(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
    }

    private static String csvCell(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** Doubles from ints, for x values. */
    public static List<Double> of(List<Integer> xs) {
        List<Double> out = new ArrayList<>();
        for (int v : xs) {
            out.add((double) v);
        }
        return out;
    }
}
