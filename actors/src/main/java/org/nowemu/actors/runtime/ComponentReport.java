package org.nowemu.actors.runtime;

import java.util.List;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.trace.TraceEntry;

/**
 * What one component hands back at the end of a run.
 *
 * @param hash        its hash over every message it handled, in key order
 * @param handled     messages handled
 * @param sent        messages it sent (to others and to itself)
 * @param duplicates  messages whose key equalled the previous one (each a runtime fault; never handled twice)
 * @param pending     messages still queued for it when the run ended (at or after the horizon)
 * @param lastTime    virtual time of the last message it handled (ps), 0 if none
 * @param counters    its counters by name
 * @param histograms  its histograms by name
 * @param trace       its trace track (empty when tracing is off)
 * @param traceDropped trace entries beyond the per-component limit
 * @param ledger      its page of the run's message ledger ({@link LedgerEntries#EMPTY} if it keeps none)
 * @param outcomes    the outcomes it recorded, in order ({@link Component#outcome}); empty for most
 */
public record ComponentReport(int id, String name, long hash, long handled, long sent, long duplicates,
                              long pending, long lastTime, SortedMap<String, Long> counters,
                              SortedMap<String, Histogram> histograms, List<TraceEntry> trace, long traceDropped,
                              LedgerEntries ledger, List<Object> outcomes) {

    /** A report with no ledger page and no outcomes. */
    public ComponentReport(int id, String name, long hash, long handled, long sent, long duplicates, long pending,
                           long lastTime, SortedMap<String, Long> counters, SortedMap<String, Histogram> histograms,
                           List<TraceEntry> trace, long traceDropped) {
        this(id, name, hash, handled, sent, duplicates, pending, lastTime, counters, histograms, trace, traceDropped,
                LedgerEntries.EMPTY);
    }

    /** A report with no outcomes. */
    public ComponentReport(int id, String name, long hash, long handled, long sent, long duplicates, long pending,
                           long lastTime, SortedMap<String, Long> counters, SortedMap<String, Histogram> histograms,
                           List<TraceEntry> trace, long traceDropped, LedgerEntries ledger) {
        this(id, name, hash, handled, sent, duplicates, pending, lastTime, counters, histograms, trace, traceDropped,
                ledger, List.of());
    }

    /** This report with {@code page} as its ledger page (a report split over several wire messages). */
    public ComponentReport withLedger(LedgerEntries page) {
        return new ComponentReport(id, name, hash, handled, sent, duplicates, pending, lastTime, counters, histograms,
                trace, traceDropped, page, outcomes);
    }

    /** This report with {@code list} as its outcomes (a piece of a split report carries them only once). */
    public ComponentReport withOutcomes(List<Object> list) {
        return new ComponentReport(id, name, hash, handled, sent, duplicates, pending, lastTime, counters, histograms,
                trace, traceDropped, ledger, list);
    }
}
