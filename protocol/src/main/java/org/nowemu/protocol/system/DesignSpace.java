package org.nowemu.protocol.system;

import java.util.ArrayList;
import java.util.List;

/** The survey's design-space table (systems §14), generated from what each registered system declares. */
public final class DesignSpace {
    private DesignSpace() {
    }

    /** The heading row then one row per system: its name then its {@link DesignChoices#cells()}. */
    public static List<List<String>> rows(List<CommSystem<?, ?>> systems) {
        List<List<String>> rows = new ArrayList<>();
        List<String> head = new ArrayList<>();
        head.add("system");
        head.addAll(DesignChoices.COLUMNS);
        rows.add(head);
        for (CommSystem<?, ?> s : systems) {
            List<String> row = new ArrayList<>();
            row.add(s.name());
            row.addAll(s.choices().cells());
            rows.add(row);
        }
        return rows;
    }

    /** {@link #rows} as text lines for a terminal, columns padded to their widest cell, {@code indent} first. */
    public static List<String> text(List<CommSystem<?, ?>> systems, String indent) {
        List<List<String>> rows = rows(systems);
        int[] width = new int[rows.get(0).size()];
        for (List<String> r : rows) {
            for (int c = 0; c < r.size(); c++) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> r : rows) {
            StringBuilder b = new StringBuilder(indent);
            for (int c = 0; c < r.size(); c++) {
                b.append(c == r.size() - 1 ? r.get(c) : String.format("%-" + width[c] + "s | ", r.get(c)));
            }
            lines.add(b.toString().stripTrailing());
        }
        return lines;
    }
}
