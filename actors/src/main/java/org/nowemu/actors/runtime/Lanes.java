package org.nowemu.actors.runtime;

/**
 * Which dispatcher thread ("lane") runs each sub-coordinator and each component. A lane is a Pekko
 * dispatcher of one thread (an affinity pool of parallelism 1) that spins a while before parking, so the
 * next window's grants start without a wake-up system call, and a component always runs on the same thread,
 * keeping its mailbox and state in that core's cache. With at least as many partitions as lanes, partition
 * p runs wholly on lane p mod lanes (its grants never cross cores); with fewer, each partition's components
 * are spread over its share of the lanes in contiguous blocks and its sub-coordinator sits on the first.
 * Measured on PHOLD (BENCHMARKS.md): a work-stealing pool shared by all actors reached 3.5-4.9M events/s at
 * lookahead 0.1us on 2 cores, these lanes 5.3-5.5M. Placement on lanes never changes results.
 *
 * @param lanes        number of lanes (the {@code nowemu.runtime.threads} setting)
 * @param idleCpuLevel how hard an idle lane spins before parking, 1..10 (Pekko's affinity-pool setting)
 */
record Lanes(int lanes, int idleCpuLevel) {

    static String dispatcher(int lane) {
        return "nowemu-lane-" + lane;
    }

    /** The HOCON that defines the lane dispatchers. */
    String config() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lanes; i++) {
            b.append(dispatcher(i)).append(" {\n  type = Dispatcher\n  executor = affinity-pool-executor\n"
                    + "  throughput = 64\n  affinity-pool-executor {\n    parallelism-min = 1\n    parallelism-max = 1\n"
                    // the queue must hold a whole window of grants, or the pool would run tasks on the caller
                    + "    task-queue-size = 1048576\n    idle-cpu-level = ").append(idleCpuLevel).append("\n  }\n}\n");
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
