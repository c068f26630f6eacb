package org.nowemu.workloads.results;

import java.util.List;
import java.util.Locale;

/**
 * A table of an experiment's results for the report, the terminal and a CSV file: a row per thing compared (a
 * stack, say), a column per figure. Cells are text, already formatted; an empty cell is a figure never measured.
 *
 * @param name    file name stem ({@code name.csv})
 * @param title   heading in the report
 * @param columns column headings, the first the rows' own
 * @param rows    cells, each row as long as {@code columns}
 */
public record Table(String name, String title, List<String> columns, List<List<String>> rows) {
    public Table {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException(name + ": a row of " + r.size() + " cells under " + columns.size()
                        + " columns: " + r);
            }
        }
    }

    /** A number with {@code decimals} decimals, or an empty cell if it was never measured (NaN). */
    public static String number(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "";
    }

    /** The table as CSV, a header row first. */
    public String csv() {
        StringBuilder b = new StringBuilder();
        row(b, columns);
        rows.forEach(r -> row(b, r));
        return b.toString();
    }

    private static void row(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            b.append(i == 0 ? "" : ",").append(c.contains(",") || c.contains("\"")
                    ? "\"" + c.replace("\"", "\"\"") + "\"" : c);
        }
        b.append('\n');
    }

    /** The table aligned for the terminal, indented by two spaces. */
    public String text() {
        int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder("  ").append(title).append('\n');
        line(b, columns, width);
        rows.forEach(r -> line(b, r, width));
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells, int[] width) {
        b.append("  ");
        for (int i = 0; i < cells.size(); i++) {
            String f = i == 0 ? "%-" + width[i] + "s" : "  %" + width[i] + "s";
            b.append(String.format(Locale.ROOT, f, cells.get(i)));
        }
        b.append('\n');
    }
}
