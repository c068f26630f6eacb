package org.nowemu.workloads.results;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures the published study measured ({@code published.conf}) set beside a run's metrics of the same name:
 * the terminal, the report and {@code ./nowemu calibrate} show them. Nothing emulated is computed from them.
 */
public final class Published {
    private static final Map<String, Double> FIGURES = read();

    /** One figure: published, emulated, and the relative difference. */
    public record Row(String metric, double published, double emulated) {
        public double difference() {
            return (emulated - published) / published;
        }
    }

    private Published() {
    }

    private static Map<String, Double> read() {
        Config c = ConfigFactory.parseResources("published.conf").getConfig("published");
        TreeMap<String, Double> m = new TreeMap<>();
        c.root().unwrapped().forEach((k, v) -> m.put(k, ((Number) v).doubleValue()));
        return m;
    }

    /** Every published figure that {@code metrics} has a value for, in metric order. */
    public static List<Row> compare(Map<String, ? extends Number> metrics) {
        List<Row> rows = new ArrayList<>();
        FIGURES.forEach((k, p) -> {
            Number v = metrics.get(k);
            if (v != null) {
                rows.add(new Row(k, p, v.doubleValue()));
            }
        });
        return rows;
    }

    /** The rows as a Markdown table (the README's). */
    public static String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder("| Figure | Published | Emulated | Difference |\n|---|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| `%s` | %.2f | %.2f | %+.1f%% |%n", r.metric(), r.published(),
                    r.emulated(), 100 * r.difference()));
        }
        return sb.toString();
    }

    /** The rows aligned for the terminal. */
    public static String text(List<Row> rows) {
        int width = rows.stream().mapToInt(r -> r.metric().length()).max().orElse(10) + 2;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %-" + width + "s %10s %10s %11s%n",
                "published vs emulated", "published", "emulated", "difference"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "  %-" + width + "s %10.2f %10.2f %+10.1f%%%n", r.metric(),
                    r.published(), r.emulated(), 100 * r.difference()));
        }
        return sb.toString();
    }
}
