package org.nowemu.actors.runtime;

/**
 * Which dispatcher thread ("lane") runs each sub-coordinator and each component. A lane is a Pekko
 * dispatcher of one thread ({@link LaneExecutor}) that spins a bounded while before it helps a stalled lane or
 * parks, so the next window's grants start without a wake-up system call, and a component runs on the same
 * thread unless that thread has lost its core, keeping its mailbox and state in that core's cache. With at
 * least as many partitions as lanes, partition p runs on lane p mod lanes (its grants never cross cores); with
 * fewer, each partition's components are spread over its share of the lanes in contiguous blocks and its
 * sub-coordinator sits on the first. Measured on PHOLD (BENCHMARKS.md): a work-stealing pool shared by all
 * actors reached 3.5-4.9M events/s at lookahead 0.1us on 2 cores, spinning lanes 5.3-5.5M. Placement on lanes
 * never changes results.
 *
 * @param lanes        number of lanes (the {@code nowemu.runtime.threads} setting)
 * @param idleCpuLevel how long an idle lane spins before it helps or parks, 1..10: level x 2us
 * @param parkNs       how long an idle lane parks before it looks for a stalled lane again (ns)
 */
record Lanes(int lanes, int idleCpuLevel, long parkNs) {

    /** Lanes that park for the default period (the cluster's members). */
    Lanes(int lanes, int idleCpuLevel) {
        this(lanes, idleCpuLevel, RuntimeSettings.DEFAULT_LANE_PARK);
    }

    static String dispatcher(int lane) {
        return "nowemu-lane-" + lane;
    }

    /** The HOCON that defines the lane dispatchers: a new set of lanes each time. */
    String config() {
        String token = LaneExecutor.newToken();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lanes; i++) {
            b.append(dispatcher(i)).append(" {\n  type = Dispatcher\n  executor = \"")
                    .append(LaneExecutor.Configurator.class.getName()).append("\"\n  throughput = 64\n")
                    .append("  lane-set = \"").append(token).append("\"\n  lane = ").append(i)
                    .append("\n  lanes = ").append(lanes).append("\n  spin-ns = ").append(idleCpuLevel * 2_000L)
                    .append("\n  park-ns = ").append(parkNs).append("\n}\n");
        }
        return b.toString();
    }

    /** The first lane of partition {@code p} of {@code partitions}: where its sub-coordinator runs. */
    int ofCoordinator(int p, int partitions) {
        return partitions >= lanes ? p % lanes : (int) ((long) p * lanes / partitions);
    }

    /** The lane of the {@code k}-th of the {@code n} components of partition {@code p}. */
    int ofComponent(int p, int partitions, int k, int n) {
        if (partitions >= lanes) {
            return p % lanes;
        }
        int first = ofCoordinator(p, partitions);
        int span = (int) ((long) (p + 1) * lanes / partitions) - first;
        return first + (int) ((long) k * span / n);
    }
}
