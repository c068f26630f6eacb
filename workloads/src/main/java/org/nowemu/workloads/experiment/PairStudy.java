package org.nowemu.workloads.experiment;

import java.util.List;
import java.util.SortedMap;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * A measurement made on host pairs side by side ({@link StackPairs}): pair i runs {@code stacks().get(i)}, a client
 * on its first host and a server on its second, each a program of that stack's system (an {@code AmProgram} for an
 * Active Messages stack). LogP and bandwidth are such studies, and so is any composition of them in one run
 * ({@link #of}), whatever the systems of their stacks.
 */
public interface PairStudy {
    /** The stack of each pair. */
    List<? extends Stack<?, ?>> stacks();

    /** The program of pair {@code pair}'s first host, written against its stack's system. */
    Object client(int pair);

    /** The program of pair {@code pair}'s second host. */
    Object server(int pair);

    /** Virtual time after which the run stops, finished or not. */
    long maxTimePs();

    /** Metrics from the counters the programs kept. */
    SortedMap<String, Double> metrics(RunResult r);

    List<Series> series(RunResult r);

    /** Tables of the pairs' results side by side; none by default. */
    default List<Table> tables(RunResult r) {
        return List.of();
    }

    /** Puts a figure into the metrics {@code m} if it was measured: one never measured is left out, not 0. */
    static void putMeasured(java.util.SortedMap<String, Double> m, String key, double v) {
        if (Double.isFinite(v)) {
            m.put(key, v);
        }
    }

    /** The studies one after the other in the pair numbering, in one run; their metrics are disjoint by name. */
    static PairStudy of(List<PairStudy> parts) {
        return new Composed(List.copyOf(parts));
    }

    /** The plan of a run of {@code study} on the configured topology (a workload's {@code plan}). */
    static Plan plan(org.nowemu.actors.config.ConfigReader r, org.nowemu.hardware.profile.HardwareProfile profile,
                     String experiment, PairStudy study) {
        var c = StackPairs.build(r, profile, experiment, study.stacks(), study::client, study::server);
        return new Plan(c.model(), study.maxTimePs(), study);
    }

    /** Several studies as one: pairs numbered part after part. */
    record Composed(List<PairStudy> parts) implements PairStudy {
        @Override
        public List<Stack<?, ?>> stacks() {
            return parts.stream().flatMap(p -> p.stacks().stream()).<Stack<?, ?>>map(x -> x).toList();
        }

        @Override
        public Object client(int pair) {
            int i = pair;
            for (PairStudy p : parts) {
                if (i < p.stacks().size()) {
                    return p.client(i);
                }
                i -= p.stacks().size();
            }
            throw new IndexOutOfBoundsException(pair);
        }

        @Override
        public Object server(int pair) {
            int i = pair;
            for (PairStudy p : parts) {
                if (i < p.stacks().size()) {
                    return p.server(i);
                }
                i -= p.stacks().size();
            }
            throw new IndexOutOfBoundsException(pair);
        }

        @Override
        public long maxTimePs() {
            return parts.stream().mapToLong(PairStudy::maxTimePs).max().orElse(0);
        }

        @Override
        public SortedMap<String, Double> metrics(RunResult r) {
            SortedMap<String, Double> m = new java.util.TreeMap<>();
            parts.forEach(p -> m.putAll(p.metrics(r)));
            return m;
        }

        @Override
        public List<Series> series(RunResult r) {
            return parts.stream().flatMap(p -> p.series(r).stream()).toList();
        }

        @Override
        public List<Table> tables(RunResult r) {
            return parts.stream().flatMap(p -> p.tables(r).stream()).toList();
        }
    }
}
