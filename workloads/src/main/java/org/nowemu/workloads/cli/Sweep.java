package org.nowemu.workloads.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigValue;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.workloads.results.Plots;
import org.nowemu.workloads.results.Series;

/**
 * A sweep ({@code nowemu.sweep}): the experiment run once per value of one key, each point seeded as the
 * experiment is and written to its own folder ({@code point-0}, ...), then {@code sweep.csv} (one row per value,
 * one column per metric) and a plot of each metric against the value ({@code sweep-<metric>.png}) beside them.
 * Values are a list ({@code values}) or a range ({@code range.from}, {@code range.to}, {@code range.step}).
 */
final class Sweep {
    private Sweep() {
    }

    /** The swept values, or null when the configuration asks for no sweep. */
    static List<String> values(Config c) {
        ConfigReader r = new ConfigReader(c);
        String key = c.getString("nowemu.sweep.key");
        if (key.isEmpty()) {
            return null;
        }
        if (!c.hasPath(key)) {
            throw r.bad("nowemu.sweep.key", "sweeps '" + key + "', which no reference.conf knows");
        }
        List<String> out = new ArrayList<>();
        for (ConfigValue v : c.getList("nowemu.sweep.values")) {
            out.add(String.valueOf(v.unwrapped()));
        }
        double step = c.getDouble("nowemu.sweep.range.step");
        if (step != 0) {
            double from = c.getDouble("nowemu.sweep.range.from");
            double to = c.getDouble("nowemu.sweep.range.to");
            if ((to - from) / step < 0 || (to - from) / step > 10_000) {
                throw r.bad("nowemu.sweep.range.step", "from " + from + " to " + to + " by " + step
                        + " gives no points or more than 10,000");
            }
            for (double x = from; step > 0 ? x <= to + 1e-9 : x >= to - 1e-9; x += step) {
                out.add(x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x));
            }
        }
        if (out.isEmpty()) {
            throw r.bad("nowemu.sweep.values", "a sweep of " + key + " needs values or a range");
        }
        return out;
    }

    /** Runs every point by the command line, then writes sweep.csv and the plots. Returns the worst exit code. */
    static int run(String experiment, List<String> sets, String key, List<String> values, Path dir, PrintWriter stdout,
                   PrintWriter stderr) {
        int worst = Main.OK;
        List<JsonNode> points = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            stdout.println("== " + key + " = " + values.get(i) + " (point " + (i + 1) + " of " + values.size() + ")");
            stdout.flush();
            List<String> args = new ArrayList<>(List.of("run", experiment));
            for (String s : sets) {
                args.add("--set");
                args.add(s);
            }
            args.addAll(List.of("--set", "nowemu.sweep.key=\"\"", "--set", key + "=" + values.get(i), "--set",
                    "nowemu.sweep.point=\"" + key + "=" + values.get(i) + ", point " + (i + 1) + " of " + values.size()
                            + "\"", "--out", dir.resolve("point-" + i).toString()));
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            int code = Main.execute(args.toArray(new String[0]), new PrintStream(new WriterStream(stdout), true),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            if (code != Main.OK) {
                stderr.println(err.toString(StandardCharsets.UTF_8).trim());
                return code;
            }
            try {
                points.add(new ObjectMapper().readTree(dir.resolve("point-" + i).resolve("results.json").toFile()));
            } catch (IOException e) {
                throw new BadInputException("cannot read the results of point " + i + ": " + e.getMessage());
            }
        }
        TreeSet<String> metrics = new TreeSet<>();
        for (JsonNode p : points) {
            for (Iterator<String> it = p.get("metrics").fieldNames(); it.hasNext(); ) {
                metrics.add(it.next());
            }
        }
        StringBuilder csv = new StringBuilder(key);
        for (String m : metrics) {
            csv.append(',').append(m);
        }
        csv.append('\n');
        for (int i = 0; i < values.size(); i++) {
            csv.append(values.get(i));
            for (String m : metrics) {
                JsonNode v = points.get(i).get("metrics").get(m);
                csv.append(',').append(v == null ? "" : String.format(Locale.ROOT, "%.6g", v.asDouble()));
            }
            csv.append('\n');
        }
        try {
            Files.writeString(dir.resolve("sweep.csv"), csv.toString());
            List<Double> x = numeric(values);
            if (x != null) {
                for (String m : metrics) {
                    List<Double> y = new ArrayList<>();
                    for (JsonNode p : points) {
                        JsonNode v = p.get("metrics").get(m);
                        y.add(v == null ? Double.NaN : v.asDouble());
                    }
                    LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
                    ys.put(m, y);
                    Files.write(dir.resolve("sweep-" + m + ".png"),
                            Plots.png(Series.lines("sweep-" + m, m + " vs " + key, key, m, x, ys)));
                }
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write into " + dir + ": " + e.getMessage());
        }
        stdout.println("wrote " + dir.resolve("sweep.csv") + " (" + values.size() + " points, " + metrics.size()
                + " metrics)");
        return worst;
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
