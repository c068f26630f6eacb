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
 */
public record ComponentReport(int id, String name, long hash, long handled, long sent, long duplicates,
                              long pending, long lastTime, SortedMap<String, Long> counters,
                              SortedMap<String, Histogram> histograms, List<TraceEntry> trace, long traceDropped) {
}
