package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import java.util.SortedMap;
import org.nowemu.actors.runtime.RunResult;

/**
 * A named kind of experiment (PHOLD, LogP, permutations...): turns a validated configuration into a model to
 * run and a run's result into named metrics. Registered in {@link Workloads}; an experiment file names it
 * with {@code nowemu.workload}.
 */
public interface Workload {
    String name();

    /** One line for {@code ./nowemu list}. */
    String description();

    /** Whether its model applies the fault schedule ({@code nowemu.faults}); a schedule for one that does not is refused. */
    default boolean takesFaults() {
        return false;
    }

    /**
     * Whether its model runs the mapper daemons beside its traffic when {@code nowemu.mapper.with-traffic} asks
     * ({@code faults/Remapping}); the setting is refused for one that does not.
     */
    default boolean runsMapperWithTraffic() {
        return takesFaults();
    }

    /** Reads and validates this workload's settings and builds what to run. */
    Plan plan(Config config);

    /** Metrics named {@code <experiment>.<...>.<quantity>_<unit>}, computed from the run. */
    SortedMap<String, Double> metrics(Plan plan, RunResult result);

    /**
     * What the run failed to measure, one line each (a subject that measured nothing: its figures would be empty,
     * not zero): the run then exits 1, as with a broken ledger. None by default.
     */
    default java.util.List<String> failures(Plan plan, RunResult result) {
        return java.util.List.of();
    }

    /** Series for CSV files, plots and the report, computed from the run. None by default. */
    default java.util.List<org.nowemu.workloads.results.Series> series(Plan plan, RunResult result) {
        return java.util.List.of();
    }

    /** Tables for the report, the terminal and CSV files (the experiment's subjects side by side). None by default. */
    default java.util.List<org.nowemu.workloads.results.Table> tables(Plan plan, RunResult result) {
        return java.util.List.of();
    }

    /** Extra files for the output folder, by file name (a map as Graphviz DOT, say). None by default. */
    default SortedMap<String, String> files(Plan plan, RunResult result) {
        return new java.util.TreeMap<>();
    }
}
