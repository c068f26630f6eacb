package org.nowemu.workloads.cli;

import java.util.List;
import org.nowemu.workloads.results.Results;

/** A suite's {@code index.html}: one line per member, linking its report (or its sweep's points), and its verdict. */
final class SuiteIndex {
    private SuiteIndex() {
    }

    static String html(Study study, List<Results> results) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>nowemu: " + esc(study.name()) + "</title></head><body>\n<h1>" + esc(study.name())
                + "</h1>\n<ul>\n");
        for (Study.Member m : study.suite()) {
            b.append("<li>");
            if (m.sweep()) {
                b.append(esc(m.name())).append(" (a sweep: <a href=\"").append(esc(m.dir()))
                        .append("/sweep.csv\">sweep.csv</a>; points:");
                for (int i = 0; i < study.points().size(); i++) {
                    Study.Point p = study.points().get(i);
                    if (p.dir().startsWith(m.dir() + "/")) {
                        b.append(" <a href=\"").append(esc(p.dir())).append("/report.html\">")
                                .append(esc(p.dir().substring(m.dir().length() + 1))).append("</a>")
                                .append(verdict(results.get(i)));
                    }
                }
                b.append(")");
            } else {
                int i = indexOf(study, m.dir());
                b.append("<a href=\"").append(esc(m.dir())).append("/report.html\">").append(esc(m.name()))
                        .append("</a>").append(verdict(results.get(i)));
            }
            b.append("</li>\n");
        }
        return b.append("</ul>\n</body></html>\n").toString();
    }

    private static int indexOf(Study study, String dir) {
        for (int i = 0; i < study.points().size(); i++) {
            if (study.points().get(i).dir().equals(dir)) {
                return i;
            }
        }
        throw new IllegalStateException("no point in " + dir);
    }

    private static String verdict(Results r) {
        String broken = r.invariants().broken();
        return broken == null ? "" : " <strong>(failed: ledger broken: " + esc(broken) + ")</strong>";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
