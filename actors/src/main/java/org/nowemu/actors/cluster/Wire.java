package org.nowemu.actors.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.nowemu.actors.runtime.ComponentReport;

/** Copies into the plain collections the wire carries (no {@code Collections.unmodifiable*} views). */
final class Wire {
    private Wire() {
    }

    /** Reports per wire message. */
    static final int REPORTS_PER_MESSAGE = 500;
    /** Ledger longs per wire message (8 B each: 1.6 MB, well inside Artery's frame). */
    static final long LEDGER_PER_MESSAGE = 200_000;

    /**
     * {@code reports} in wire messages: at most {@link #REPORTS_PER_MESSAGE} reports and about
     * {@link #LEDGER_PER_MESSAGE} ledger longs each. A report whose ledger page alone is larger goes as several
     * pieces with the same id, in order, each with a slice of the page ({@link #joined} puts them together). At
     * least one (possibly empty) message.
     */
    static List<ArrayList<ComponentReport>> chunks(List<ComponentReport> reports) {
        List<ArrayList<ComponentReport>> out = new ArrayList<>();
        ArrayList<ComponentReport> chunk = new ArrayList<>();
        long longs = 0;
        for (ComponentReport r : reports) {
            long size = r.ledger().size();
            int parts = (int) Math.max(1, (size + LEDGER_PER_MESSAGE - 1) / LEDGER_PER_MESSAGE);
            for (int part = 0; part < parts; part++) {
                ComponentReport piece = parts == 1 ? r : r.withLedger(r.ledger().slice(part, parts));
                if (part > 0) {
                    piece = piece.withOutcomes(List.of()); // the first piece carries them, joined() keeps its own
                }
                long pieceSize = piece.ledger().size();
                if (!chunk.isEmpty() && (chunk.size() >= REPORTS_PER_MESSAGE || longs + pieceSize > LEDGER_PER_MESSAGE)) {
                    out.add(chunk);
                    chunk = new ArrayList<>();
                    longs = 0;
                }
                chunk.add(portable(piece));
                longs += pieceSize;
            }
        }
        out.add(chunk);
        return out;
    }

    /** Reports in id order with the pieces of a split report joined again (pieces of one id arrive in order). */
    static List<ComponentReport> joined(List<ComponentReport> reports) {
        List<ComponentReport> sorted = new ArrayList<>(reports);
        sorted.sort(java.util.Comparator.comparingInt(ComponentReport::id));
        List<ComponentReport> out = new ArrayList<>(sorted.size());
        for (ComponentReport r : sorted) {
            int last = out.size() - 1;
            if (last >= 0 && out.get(last).id() == r.id()) {
                out.set(last, out.get(last).withLedger(out.get(last).ledger().join(r.ledger())));
            } else {
                out.add(r);
            }
        }
        return out;
    }

    static ComponentReport portable(ComponentReport r) {
        return new ComponentReport(r.id(), r.name(), r.hash(), r.handled(), r.sent(), r.duplicates(), r.pending(),
                r.lastTime(), new TreeMap<>(r.counters()), new TreeMap<>(r.histograms()), new ArrayList<>(r.trace()),
                r.traceDropped(), r.ledger(), new ArrayList<>(r.outcomes()));
    }
}
