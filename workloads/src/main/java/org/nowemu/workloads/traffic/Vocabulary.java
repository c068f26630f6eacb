package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.workloads.motifs.Compute;
import org.nowemu.workloads.motifs.Motifs;
import org.nowemu.workloads.motifs.Skeletons;
import org.nowemu.workloads.motifs.Via;

/** The traffic vocabulary as {@code ./nowemu list} prints it, from the registries. */
public final class Vocabulary {
    private Vocabulary() {
    }

    /** Lines under headings: patterns, sizes, arrivals, motifs and skeletons, each with how to write it and what it does. */
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
        out.add("traffic arrival processes (arrival: open loop at load = 2MB/s or 5000/s per host; closed with"
                + " outstanding = k):");
        for (Arrival a : Arrival.ALL) {
            out.add(String.format("%s%-12s %s", indent, a.label, a.description));
        }
        out.add("motifs (a phase's motif, with bytes, compute and iterations; closed loop):");
        for (Motifs.Kind k : Motifs.ALL) {
            out.add(String.format("%s%-26s %s", indent, k.usage(), k.description()));
        }
        out.add("how a broadcast goes (a motif phase's via):");
        for (Via v : Via.values()) {
            out.add(String.format("%s%-26s %s", indent, v.key(), v.description()));
        }
        out.add("motif compute (host time per iteration):");
        for (String[] c : Compute.ALL) {
            out.add(String.format("%s%-26s %s", indent, c[0], c[1]));
        }
        out.add("application skeletons (a phase's skeleton, with class):");
        for (Skeletons.Kind k : Skeletons.ALL) {
            out.add(String.format("%s%-26s %s", indent, k.name() + " (class " + k.classes().replace(" ", ", ")
                    + ")", k.description()));
        }
        return out;
    }
}
