package org.nowemu.workloads.results;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The published figures ({@code published.conf}), each measured on the hardware of one profile, set beside the
 * metrics of the same name of a run on that profile: the terminal, the report and {@code ./nowemu calibrate} show
 * them. A run on another profile has nothing published to set beside it. Nothing emulated is computed from them. A
 * figure costs were solved from ({@code calibration-inputs}) is met by construction: it is shown as an input, not
 * as a figure the emulation reproduces.
 */
public final class Published {
    private static final Map<String, Map<String, Double>> FIGURES = read();
    private static final Map<String, List<String>> INPUTS = inputs();

    /**
     * One figure: where it was measured, published, emulated, the relative difference, and whether costs were
     * solved from it (a calibration input, met by construction).
     */
    public record Row(String metric, String profile, double published, double emulated, boolean input) {
        public double difference() {
            return (emulated - published) / published;
        }

        /** The difference as the tables print it. */
        public String differenceText() {
            return String.format(Locale.ROOT, "%+.1f%%", 100 * difference());
        }

        /**
         * What the figure is to the emulation: every published figure here is a calibration target, "calibrated"
         * (per-operation costs were tuned until it came within 5%) or "input" (costs were solved from it exactly).
         * Figures nothing was tuned to are not in this file: they are "reproduced" ({@link #kindOf}).
         */
        public String kind() {
            return input ? "input" : "calibrated";
        }
    }

    /**
     * What metric {@code metric} of a run on {@code profile} is to the emulation: "calibrated" or "input" when it has a
     * published figure that costs were tuned to or solved from, else "reproduced": it came out of shared costs with
     * nothing tuned to it.
     */
    public static String kindOf(String profile, String metric) {
        if (INPUTS.getOrDefault(profile, List.of()).contains(metric)) {
            return "input";
        }
        return FIGURES.getOrDefault(profile, Map.of()).containsKey(metric) ? "calibrated" : "reproduced";
    }

    private Published() {
    }

    private static Map<String, Map<String, Double>> read() {
        Config c = ConfigFactory.parseResources("published.conf").getConfig("published");
        TreeMap<String, Map<String, Double>> byProfile = new TreeMap<>();
        for (String profile : new java.util.TreeSet<>(c.root().keySet())) {
            TreeMap<String, Double> m = new TreeMap<>();
            c.getConfig(profile).root().unwrapped().forEach((k, v) -> m.put(k, ((Number) v).doubleValue()));
            byProfile.put(profile, m);
        }
        return byProfile;
    }

    private static Map<String, List<String>> inputs() {
        Config c = ConfigFactory.parseResources("published.conf").getConfig("calibration-inputs");
        TreeMap<String, List<String>> byProfile = new TreeMap<>();
        for (String profile : new java.util.TreeSet<>(c.root().keySet())) {
            byProfile.put(profile, List.copyOf(c.getStringList(profile)));
        }
        return byProfile;
    }

    /** Every figure published for {@code profile} that {@code metrics} has a value for, in metric order. */
    public static List<Row> compare(Map<String, ? extends Number> metrics, String profile) {
        List<Row> rows = new ArrayList<>();
        FIGURES.getOrDefault(profile, Map.of()).forEach((k, p) -> {
            Number v = metrics.get(k);
            if (v != null) {
                rows.add(new Row(k, profile, p, v.doubleValue(), INPUTS.getOrDefault(profile, List.of()).contains(k)));
            }
        });
        return rows;
    }

    /** The rows as a Markdown table (the README's). */
    public static String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder(
                "| Figure | Profile | Published | Emulated | Difference | Kind |\n|---|---|---:|---:|---:|---|\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| `%s` | %s | %.2f | %.2f | %s | %s |%n", r.metric(), r.profile(),
                    r.published(), r.emulated(), r.differenceText(), r.kind()));
        }
        return sb.toString();
    }

    /** The rows aligned for the terminal. */
    public static String text(List<Row> rows) {
        String head = "published vs emulated (" + rows.get(0).profile() + ")";
        int width = Math.max(head.length(), rows.stream().mapToInt(r -> r.metric().length()).max().orElse(10) + 2);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %-" + width + "s %10s %10s %11s  %s%n",
                head, "published", "emulated", "difference", "kind"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "  %-" + width + "s %10.2f %10.2f %11s  %s%n", r.metric(),
                    r.published(), r.emulated(), r.differenceText(), r.kind()));
        }
        return sb.toString();
    }
}
