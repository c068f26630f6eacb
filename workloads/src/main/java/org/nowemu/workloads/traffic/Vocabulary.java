package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;

/** The traffic vocabulary as {@code ./nowemu list} prints it, from the registries. */
public final class Vocabulary {
    private Vocabulary() {
    }

    /** Lines under headings: patterns, sizes, arrival processes, each entry with how to write it and what it does. */
    public static List<String> lines(String indent) {
        List<String> out = new ArrayList<>();
        out.add("traffic patterns (nowemu.traffic.jobs.<job>.pattern):");
        for (Patterns.Kind k : Patterns.ALL) {
            out.add(String.format("%s%-26s %s", indent, k.usage(), k.description()));
        }
        out.add("traffic message sizes (size; a bare number is fixed):");
        for (Sizes.Kind k : Sizes.ALL) {
            out.add(String.format("%s%-32s %s", indent, k.usage(), k.description()));
        }
        out.add("traffic arrival processes (arrival, at load = 2MB/s or 5000/s per host, open loop):");
        for (Arrival a : Arrival.ALL) {
            out.add(String.format("%s%-12s %s", indent, a.label, a.description));
        }
        return out;
    }
}
