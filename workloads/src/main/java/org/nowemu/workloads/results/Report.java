package org.nowemu.workloads.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code report.html} of a run: its verdict first (a run whose ledger broke says so at the top), then the
 * run (seed, digest, times, version), the published figures beside the emulated ones where there are any, the
 * experiment's own tables (its subjects side by side), the metrics, each series as a plot (a PNG beside the report) with a link to its CSV, the invariants of the ledger,
 * the experiment's parameters and the configuration that reruns it. One self-contained page with relative
 * links only, readable offline. Each image marks itself loaded ({@code data-loaded}) so that a headless
 * browser can check that every plot displays.
 */
public final class Report {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Report() {
    }

    public static String html(Results results, String parameters, List<Series> series, List<Table> tables) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>nowemu: ")
                .append(esc(results.experiment())).append("</title>\n<style>body{font-family:sans-serif;margin:2em;}"
                        + "table{border-collapse:collapse;}td,th{border:1px solid #999;padding:2px 8px;text-align:left;}"
                        + "td.n{text-align:right;}pre{background:#f4f4f4;padding:1em;}"
                        + ".failed{background:#fdd;border:2px solid #c00;padding:1em;}"
                        + ".held{background:#dfd;border:1px solid #393;padding:0.5em 1em;}</style></head><body>\n");
        b.append("<h1>").append(esc(results.experiment())).append("</h1>\n");
        RunInvariants inv = results.invariants();
        String broken = inv.broken();
        if (broken != null) {
            b.append("<p id=\"verdict\" class=\"failed\"><strong>This run FAILED (exit code 1): ledger broken: ")
                    .append(esc(broken)).append(".</strong> Its figures below are not to be trusted.</p>\n");
        } else {
            b.append("<p id=\"verdict\" class=\"held\">Ledger held: every ").append(inv.of().equals("messages")
                    ? "message was handled once or returned to its sender" : "event was handled once")
                    .append(" (").append(inv.sent()).append(" ").append(esc(inv.of())).append(").</p>\n");
        }
        if (inv.lostToAssumptions() > 0) {
            b.append("<p id=\"assumptions\">Lost to faults their stacks assume away (counted, not a break), by stack: ")
                    .append(esc(inv.lostToAssumptionByStack().toString())).append(".</p>\n");
        }
        b.append("<table id=\"run\"><tr><th>seed</th><td>").append(results.seed()).append("</td></tr>")
                .append("<tr><th>digest</th><td>").append(esc(results.digest())).append("</td></tr>")
                .append("<tr><th>virtual time</th><td>").append(String.format(Locale.ROOT, "%.3f ms",
                        results.virtualTimePs() / 1e9)).append("</td></tr>")
                .append("<tr><th>events</th><td>").append(results.events()).append("</td></tr>")
                .append("<tr><th>wall time</th><td>").append(String.format(Locale.ROOT, "%.2f s",
                        results.wallSeconds())).append("</td></tr>")
                .append("<tr><th>version</th><td>").append(esc(String.valueOf(results.version())))
                .append("</td></tr></table>\n");
        List<Published.Row> rows = results.published();
        if (!rows.isEmpty()) {
            b.append("<h2>Published vs emulated (").append(esc(results.profile()))
                    .append(")</h2>\n<table id=\"published\"><tr><th>figure</th><th>published</th>"
                    + "<th>emulated</th><th>difference</th><th>kind</th></tr>\n");
            for (Published.Row r : rows) {
                b.append("<tr><td>").append(esc(r.metric())).append("</td><td class=\"n\">")
                        .append(String.format(Locale.ROOT, "%.2f", r.published())).append("</td><td class=\"n\">")
                        .append(String.format(Locale.ROOT, "%.2f", r.emulated())).append("</td><td class=\"n\">")
                        .append(esc(r.differenceText())).append("</td><td>").append(esc(r.kind()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        for (Table t : tables) {
            b.append("<h2>").append(esc(t.title())).append("</h2>\n<table id=\"").append(esc(t.name()))
                    .append("\"><tr>");
            t.columns().forEach(c -> b.append("<th>").append(esc(c)).append("</th>"));
            b.append("</tr>\n");
            for (List<String> row : t.rows()) {
                b.append("<tr>");
                for (int i = 0; i < row.size(); i++) {
                    b.append(i == 0 ? "<td>" : "<td class=\"n\">").append(esc(row.get(i))).append("</td>");
                }
                b.append("</tr>\n");
            }
            b.append("</table>\n<p><a href=\"").append(esc(t.name())).append(".csv\">").append(esc(t.name()))
                    .append(".csv</a></p>\n");
        }
        b.append("<h2>Metrics</h2>\n<table id=\"metrics\"><tr><th>metric</th><th>value</th></tr>\n");
        for (Map.Entry<String, Number> m : results.metrics().entrySet()) {
            b.append("<tr><td>").append(esc(m.getKey())).append("</td><td class=\"n\">")
                    .append(String.format(Locale.ROOT, "%.6g", m.getValue().doubleValue())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        if (!series.isEmpty()) {
            b.append("<h2>Plots</h2>\n");
        }
        for (Series s : series) {
            b.append("<h3>").append(esc(s.title())).append("</h3>\n<img src=\"").append(esc(s.name()))
                    .append(".png\" alt=\"").append(esc(s.title()))
                    .append("\" onload=\"this.dataset.loaded='1'\" onerror=\"this.dataset.loaded='0'\">\n")
                    .append("<p><a href=\"").append(esc(s.name())).append(".csv\">").append(esc(s.name()))
                    .append(".csv</a></p>\n");
        }
        b.append("<h2>Invariants</h2>\n<pre id=\"invariants\">").append(esc(json(inv))).append("</pre>\n");
        b.append("<h2>Parameters</h2>\n<pre>").append(esc(parameters)).append("</pre>\n");
        b.append("<h2>Configuration</h2>\n<p>Every key that differs from the reference files, and the keys that say"
                + " what ran; <code>./nowemu run results.json</code> runs it again.</p>\n<pre id=\"configuration\">")
                .append(esc(json(results.configuration()))).append("</pre>\n");
        b.append("</body></html>\n");
        return b.toString();
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
