package org.nowemu.workloads.results;

import java.io.PrintStream;
import java.util.Locale;
import org.nowemu.actors.time.VirtualTime;

/** Prints the results of a run as a small aligned table for the terminal. */
public final class ResultsTable {
    private ResultsTable() {
    }

    public static void print(PrintStream out, Results r, String source) {
        int width = Math.max(28, r.metrics().keySet().stream().mapToInt(String::length).max().orElse(0) + 2);
        String row = "  %-" + width + "s %s%n";
        out.printf(Locale.ROOT, "%s (%s)%n", r.experiment(), source);
        out.printf(Locale.ROOT, row, "seed", r.seed());
        out.printf(Locale.ROOT, row, "virtual time", VirtualTime.format(r.virtualTimePs()));
        out.printf(Locale.ROOT, row, "events", String.format(Locale.ROOT, "%,d in %.2f s (%.2fM events/s)",
                r.events(), r.wallSeconds(), r.eventsPerSecond() / 1e6));
        out.printf(Locale.ROOT, row, "digest", r.digest());
        r.metrics().forEach((k, v) -> out.printf(Locale.ROOT, row, k,
                v instanceof Double d ? String.format(Locale.ROOT, "%.6g", d) : v.toString()));
        RunInvariants i = r.invariants();
        out.printf(Locale.ROOT, row, "invariants", String.format(Locale.ROOT,
                "%s: sent %d, handled %d, returned %d%s, lost %d, duplicated %d%s", i.of(), i.sent(), i.handled(),
                i.returnedToSender(), i.returnedBy().isEmpty() ? "" : " " + i.returnedBy(), i.lost(), i.duplicated(),
                (i.of().equals("events") ? ", pending at the horizon " + i.events().pending() : "")
                        + (i.returnedAfterHandling() > 0 ? ", returned after handling " + i.returnedAfterHandling() : "")
                        + (i.endedWithCrash() > 0 ? ", ended with a crash " + i.endedWithCrash() : "")
                        + (i.dropped() > 0 ? ", dropped (no delivery promised) " + i.dropped() : "")
                        + (i.pending() > 0 ? ", pending (held for resending at the horizon) " + i.pending() : "")
                        + (i.lostToAssumptions() > 0 ? ", lost to what the stack assumes " + i.lostToAssumptions()
                        + " " + i.lostToAssumptionByStack() : "")
                        + (i.misdelivered() > 0 ? ", misdelivered " + i.misdelivered() : "")
                        + (i.unsent() > 0 ? ", never sent " + i.unsent() : "")));
        java.util.List<Published.Row> rows = r.published();
        if (!rows.isEmpty()) {
            out.print(Published.text(rows));
        }
    }
}
