package org.nowemu.actors.runtime;

/**
 * How the runtime ran a model (never part of its results): the engine, the lanes, the planner's choice and
 * coupling factor, and what the windows cost.
 *
 * @param engine            {@code actors} or {@code sequential}
 * @param lanes             lanes of the run (on a cluster, per member; 1 on the sequential engine)
 * @param members           JVMs of the run
 * @param lambda            the coupling factor the planner estimated (events per window per lane against the cost
 *                          of a barrier in events), or null when it made no estimate
 * @param expectedSpeedup   the speed-up over one lane that estimate promised, or null
 * @param choice            why this many lanes, in words
 * @param barrierCrossings  times the lanes of a JVM met at their barrier (0 with one lane)
 * @param crossLaneMessages messages that went from one lane to another through a barrier
 * @param leastSlackPs      the least margin by which such a message arrived after the end of the window its
 *                          lane had run ({@link Long#MAX_VALUE} when none crossed); never negative
 * @param pilotEvents       events of the run handled by the planner's pilot, on the calling lane
 * @param eventsPerWindowPerLane events handled per window per lane over the whole run (0 without windows)
 * @param waitSeconds       wall time the lanes spent waiting at their barrier, summed over the lanes (0 with one)
 * @param cpuSeconds        CPU time of the threads that ran the model (the lanes, or the sequential engine's
 *                          thread), from building the components to their final reports: no garbage collector, no
 *                          compiler; the cost of the work itself, less sensitive than wall time to other
 *                          processes on the machine (NaN where the JVM does not measure it, 0 over several JVMs)
 */
public record RuntimeReport(String engine, int lanes, int members, Double lambda, Double expectedSpeedup,
                            String choice, long barrierCrossings, long crossLaneMessages, long leastSlackPs,
                            long pilotEvents, double eventsPerWindowPerLane, double waitSeconds, double cpuSeconds) {

    /** The sequential engine's: one thread, no windows. */
    static RuntimeReport sequential(double cpuSeconds) {
        return new RuntimeReport("sequential", 1, 1, null, null, "the sequential engine", 0, 0, Long.MAX_VALUE, 0, 0,
                0, cpuSeconds);
    }

    /** CPU time of the calling thread so far (ns), or -1 where the JVM does not measure it. */
    static long threadCpuNanos() {
        java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
        return t.isCurrentThreadCpuTimeSupported() ? t.getCurrentThreadCpuTime() : -1;
    }

    static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
