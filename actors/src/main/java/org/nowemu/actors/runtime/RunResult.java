package org.nowemu.actors.runtime;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Digest;

/**
 * The outcome of a run.
 *
 * @param finalTimePs  virtual time of the last handled message
 * @param events       messages handled
 * @param windows      synchronisation windows between lanes (0 with one lane; over several JVMs, global windows)
 * @param activations  lane activations: lanes that handled events in a window, summed over windows (one lane
 *                     running to the horizon is one)
 * @param digest       the run digest (hex): components' hashes and counters in id order, then the final time
 * @param lookaheadPs  the window width
 * @param components   every component's report, in id order
 * @param counters     counters summed by name
 * @param histograms   histograms merged by name
 * @param invariants   the runtime's own ledger of events
 * @param wallSeconds  wall-clock seconds of the run (for speed figures only)
 * @param ledger       the fate of every application message (empty for runs of plain components)
 * @param runtime      how the runtime ran it: lanes, the planner's choice, barrier figures (never part of results)
 */
public record RunResult(long finalTimePs, long events, long windows, long activations, String digest, long lookaheadPs,
                        List<ComponentReport> components, SortedMap<String, Long> counters,
                        SortedMap<String, Histogram> histograms, Invariants invariants, double wallSeconds,
                        Ledger ledger, RuntimeReport runtime) {

    /** Whether the run kept its books: no event lost or duplicated, and every application message accounted for. */
    public boolean kept() {
        return invariants.hold() && ledger.kept();
    }

    /**
     * This result without its components' reports, the bulk of it (about 8 MB on the bench's 1,024-host fat tree):
     * for keeping the figures of many runs.
     */
    public RunResult withoutComponents() {
        return new RunResult(finalTimePs, events, windows, activations, digest, lookaheadPs, List.of(), counters,
                histograms, invariants, wallSeconds, ledger, runtime);
    }

    public long counter(String name) {
        return counters.getOrDefault(name, 0L);
    }

    /**
     * Every outcome of class {@code type} that the components recorded ({@link Component#outcome}): components in
     * id order, each one's in the order it recorded them. The same list on one JVM or several.
     */
    public <T> List<T> outcomes(Class<T> type) {
        List<T> out = new java.util.ArrayList<>();
        for (ComponentReport r : components) {
            for (Object o : r.outcomes()) {
                if (type.isInstance(o)) {
                    out.add(type.cast(o));
                }
            }
        }
        return out;
    }

    public double eventsPerSecond() {
        return wallSeconds > 0 ? events / wallSeconds : 0;
    }

    /** The result of a run from every component's report (in id order) and the runtime's window statistics. */
    public static RunResult assemble(List<ComponentReport> reports, long windows, long activations, long lookahead,
                              double wallSeconds, RuntimeReport runtime) {
        long finalTime = 0;
        long events = 0;
        long sent = 0;
        long pending = 0;
        long duplicated = 0;
        TreeMap<String, Long> counters = new TreeMap<>();
        TreeMap<String, Histogram> histograms = new TreeMap<>();
        for (ComponentReport r : reports) {
            finalTime = Math.max(finalTime, r.lastTime());
            events += r.handled();
            sent += r.sent();
            pending += r.pending();
            duplicated += r.duplicates();
            r.counters().forEach((k, v) -> counters.merge(k, v, Long::sum));
            r.histograms().forEach((k, h) -> histograms.computeIfAbsent(k, x -> new Histogram(3)).add(h));
        }
        String digest = Digest.hex(digest(reports, finalTime));
        Invariants inv = new Invariants(sent, events, 0, pending, sent - events - pending, duplicated);
        return new RunResult(finalTime, events, windows, activations, digest, lookahead, List.copyOf(reports),
                counters, histograms, inv, wallSeconds, Ledger.of(reports), runtime);
    }

    /** The digest over component hashes and counters in id order, then the final time. */
    public static long digest(List<ComponentReport> reports, long finalTime) {
        long h = 0x6A09E667F3BCC908L;
        for (ComponentReport r : reports) {
            h = Digest.mix(h, r.hash());
            for (var c : r.counters().entrySet()) {
                h = Digest.mix(Digest.mix(h, Digest.of(c.getKey())), c.getValue());
            }
        }
        return Digest.finish(Digest.mix(h, finalTime));
    }
}
