package org.nowemu.workloads.results;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code report.html} of a run: the experiment's parameters, its metrics as a table, each series as a plot
 * (a PNG beside the report) with a link to its CSV, and the run's digest, seed, virtual time and wall time. One
 * self-contained page with relative links only, readable offline. Each image marks itself loaded
 * ({@code data-loaded}) so that a headless browser can check that every plot displays.
 */
public final class Report {
    private Report() {
    }

    public static String html(Results results, String parameters, List<Series> series) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>nowemu: ")
                .append(esc(results.experiment())).append("</title>\n<style>body{font-family:sans-serif;margin:2em;}"
                        + "table{border-collapse:collapse;}td,th{border:1px solid #999;padding:2px 8px;text-align:left;}"
                        + "td.n{text-align:right;}pre{background:#f4f4f4;padding:1em;}</style></head><body>\n");
        b.append("<h1>").append(esc(results.experiment())).append("</h1>\n");
        b.append("<table id=\"run\"><tr><th>seed</th><td>").append(results.seed()).append("</td></tr>")
                .append("<tr><th>digest</th><td>").append(esc(results.digest())).append("</td></tr>")
                .append("<tr><th>virtual time</th><td>").append(String.format(Locale.ROOT, "%.3f ms",
                        results.virtualTimePs() / 1e9)).append("</td></tr>")
                .append("<tr><th>events</th><td>").append(results.events()).append("</td></tr>")
                .append("<tr><th>wall time</th><td>").append(String.format(Locale.ROOT, "%.2f s",
                        results.wallSeconds())).append("</td></tr></table>\n");
        b.append("<h2>Parameters</h2>\n<pre>").append(esc(parameters)).append("</pre>\n");
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
        b.append("</body></html>\n");
        return b.toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
