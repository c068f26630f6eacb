package org.nowemu.actors.runtime;

import java.util.Locale;

/**
 * Chooses how many lanes run a model on one JVM, before the bulk of the run, from the coupling factor of
 * parallel discrete-event simulation (OMNeT++'s manual): lambda = L·E / (tau·P), the events of a window per lane
 * (L·E) against what one barrier costs in events (tau·P). The run's first stretch is the pilot: it runs on the
 * calling lane as {@code k} lanes would run it, window by window ({@link LaneTrial#inline}), and counts the
 * events N, the windows W and the critical path M (the sum over windows of the busiest lane's events: a window
 * lasts as long as its busiest lane). With an event costing c ns and a barrier tau ns, one lane takes N·c and k lanes
 * M·c + W·tau, so the expected speed-up is N·c / (M·c + W·tau). The planner takes k lanes when that is at least
 * {@code min-speedup}, else one lane, which runs with no window and no barrier at all. Counts come from the model
 * (deterministic); c is measured on the pilot or configured, tau configured (measured by {@code nowemu bench}); the
 * core count is an input. The choice never changes results.
 *
 * @param pilotEvents  events of each pilot stretch (count)
 * @param barrierNs    what one barrier between lanes costs (ns; 0 = measure it before the pilot's second stretch)
 * @param memberBarrierNs what one barrier between cluster members costs (ns): a report each way over Artery
 * @param eventNs      what one event costs on one lane (ns; 0 = measure it on the pilot)
 * @param minSpeedup   the least expected speed-up worth running lanes in parallel
 * @param cores        the cores lanes may use (0 = the JVM's available processors)
 * @param watchFloor   the clock's watch: a stretch of the lanes is slow when their time at work, summed, is less
 *                     than this share of its wall time (0 = the clock is not watched)
 * @param watchStretches slow stretches in a row that send the run back to one lane
 * @param retryEvents  while one lane runs a model the pilot could cut, events between two trials of the lanes
 *                     ({@link LaneTrial}; 0 = never try them again)
 * @param compilerBusy the share of a core the JIT compiler may take, while one lane runs, for lanes to start; above
 *                     it they wait for a quieter compiler (0 = never wait)
 */
public record Planner(long pilotEvents, double barrierNs, double memberBarrierNs, double eventNs, double minSpeedup,
                      int cores, double watchFloor, int watchStretches, long retryEvents, double compilerBusy) {

    /** A planner that never waits for the JIT compiler: for settings by hand. */
    public Planner(long pilotEvents, double barrierNs, double memberBarrierNs, double eventNs, double minSpeedup,
                   int cores, double watchFloor, int watchStretches, long retryEvents) {
        this(pilotEvents, barrierNs, memberBarrierNs, eventNs, minSpeedup, cores, watchFloor, watchStretches,
                retryEvents, 0);
    }

    /** A planner that watches the lanes by their counts only (no clock, no later trials): for settings by hand. */
    public Planner(long pilotEvents, double barrierNs, double memberBarrierNs, double eventNs, double minSpeedup,
                   int cores) {
        this(pilotEvents, barrierNs, memberBarrierNs, eventNs, minSpeedup, cores, 0, 1, 0, 0);
    }

    /** The cores lanes may use on this JVM. */
    int coresHere() {
        return cores > 0 ? cores : Runtime.getRuntime().availableProcessors();
    }

    /** What the planner chose, and why. */
    public record Choice(int lanes, double lambda, double speedup, String reason) {

        /** One line for the terminal: the choice and lambda. */
        public String line() {
            return String.format(Locale.ROOT, "%d lane%s (%s)", lanes, lanes == 1 ? "" : "s", reason);
        }
    }

    /** A choice made without a pilot (one core, lanes set explicitly, a model that cannot be cut). */
    static Choice fixed(int lanes, String reason) {
        return new Choice(lanes, Double.NaN, Double.NaN, reason);
    }

    /**
     * The choice between one lane and {@code lanes} lanes from a pilot over {@code lanes} lanes.
     *
     * @param events   events of the pilot
     * @param critical sum over its windows of the busiest lane's events
     * @param windows  windows of the pilot
     * @param eventNs  the cost of one event (ns)
     * @param barrier  the cost of one barrier (ns)
     */
    Choice choose(int lanes, long events, long critical, long windows, double eventNs, double barrier) {
        if (windows == 0 || events == 0) {
            return fixed(1, "the pilot handled no window");
        }
        double lambda = events / (double) (windows * lanes) * eventNs / barrier;
        double speedup = events * eventNs / (critical * eventNs + windows * barrier);
        String why = String.format(Locale.ROOT, "lambda %.2f: %,.1f events per window per lane at %.0f ns an event"
                + " against a barrier of %.0f ns; expected speed-up on %d lanes %.2f, from a pilot of %,d events in"
                + " %,d windows", lambda, events / (double) (windows * lanes), eventNs, barrier, lanes, speedup,
                events, windows);
        return new Choice(speedup >= minSpeedup ? lanes : 1, lambda, speedup, why);
    }

    /**
     * How many times more events its windows would need, the windows and the lanes' shares of the events staying
     * as they were, for the lanes to reach {@code min-speedup} where a stretch of {@code events} events in
     * {@code windows} windows, with critical path {@code critical}, did not: g such that g·N·c = min-speedup·(g·M·c +
     * W·tau), so g = min-speedup·W·tau / (c·(N - min-speedup·M)); infinite when no growth would do (the busiest lane
     * holds more than 1/min-speedup of the events). At least 1. A window between lanes spans about the same
     * virtual time whatever the traffic (the least delay across the cut, or the next event when later), so its
     * events grow with the model's events per virtual second at most: the coupling factor's E (OMNeT++'s manual).
     */
    double growthNeeded(long events, long critical, long windows, double eventNs, double barrier) {
        double spare = events - minSpeedup * critical;
        if (spare <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(1, minSpeedup * windows * barrier / (eventNs * spare));
    }

    /**
     * Whether the pilot's second stretch can stop before its budget: even if the events left of the budget all ran in
     * no further window, shared evenly by the lanes, the expected speed-up could not reach {@code min-speedup}. The
     * speed-up after {@code rest} more events is at most (N + rest)·c / ((M + rest/k)·c + W·tau), a ratio of linear
     * functions of rest, so its largest value is at rest = 0 or at the whole rest. A model whose windows hold a few
     * events (contention, LogP) thus stops paying window by window as soon as that is certain.
     */
    boolean hopeless(int lanes, long budget, long events, long critical, long windows, double eventNs,
                     double barrier) {
        long rest = Math.max(0, budget - events);
        double now = events * eventNs / (critical * eventNs + windows * barrier);
        double best = (events + rest) * eventNs / ((critical + rest / (double) lanes) * eventNs + windows * barrier);
        return Math.max(now, best) < minSpeedup;
    }

    /**
     * Whether a stretch that the lanes ran in {@code wallNs} of wall time was slow on the clock: the lanes were at
     * work {@code busyNs} in all (their windows' wall time summed over the lanes, barriers left out), about what one
     * lane would take for the same events, and that is less than {@code watchFloor} of the wall time. The counts
     * alone ({@link #choose}) miss what a window costs beyond the bare barrier (a lane descheduled by the JIT
     * compiler or the collector, a parked lane's wake-up, caches): on permutations they promised 1.9x where the
     * lanes ran at 0.43 of one lane (BENCHMARKS.md, 2026-11-28). The lanes' own time at work is this stretch's cost
     * per event, not the pilot's, which was paid while the JIT compiler warmed up, and grows as a large model's
     * traffic builds up.
     */
    boolean slowOnTheClock(long busyNs, long wallNs) {
        return watchFloor > 0 && busyNs < watchFloor * wallNs;
    }

    /** The coupling factor over cluster members, and the speed-up over one JVM it promises. */
    public record Coupling(double lambda, double speedup, String line) {
    }

    /**
     * The coupling factor of a run over {@code members} JVMs from its first windows: {@code events} handled in
     * {@code windows} global windows, at {@code measuredNs} an event (as the members measured it: their busy wall
     * time over their events, JIT warm-up and other processes on the cores included) unless this planner's event
     * cost is configured, against this planner's member barrier. With one JVM's time N·c and the members'
     * N·c/m + W·tau (balanced members), the speed-up over one JVM is N·c / (N·c/m + W·tau).
     */
    public Coupling coupling(long events, long windows, int members, double measuredNs) {
        double eventNs = this.eventNs > 0 ? this.eventNs : measuredNs;
        double perWindow = events / (double) Math.max(1, windows * members);
        double lambda = perWindow * eventNs / memberBarrierNs;
        double speedup = events * eventNs / (events * eventNs / members + windows * memberBarrierNs);
        String line = String.format(Locale.ROOT, "lambda %.2f over %d members: %,.1f events per global window per"
                + " member at %.0f ns an event against a barrier of %.0f us; expected %s than on one JVM", lambda,
                members, perWindow, eventNs, memberBarrierNs / 1_000, slowdown(speedup));
        return new Coupling(lambda, speedup, line);
    }

    /** The expected speed-up, as a slowdown when below 1, for a warning line. */
    static String slowdown(double speedup) {
        return speedup >= 1 ? String.format(Locale.ROOT, "%.2fx faster", speedup)
                : String.format(Locale.ROOT, "%.1fx slower", 1 / speedup);
    }
}
