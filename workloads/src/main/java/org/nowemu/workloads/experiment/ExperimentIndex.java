package org.nowemu.workloads.experiment;

import java.util.List;

/** The experiments packaged in the jar under {@code experiments/}, for listing outside the source tree. */
final class ExperimentIndex {
    static final List<String> NAMES = List.of("phold", "raw-pingpong", "logp", "bandwidth", "overcommit", "map",
            "contention", "permutations", "virtual-networks", "suite", "fat-tree-4096", "fat-tree-16384", "faults",
            "faults-random",
            "overview", "compare", "reliability-cost", "faults-systems",
            "host-transfer", "multicast", "notification", "traffic", "load-latency", "collectives", "sensitivity",
            "skeletons");

    private ExperimentIndex() {
    }
}
