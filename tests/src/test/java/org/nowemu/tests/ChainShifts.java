package org.nowemu.tests;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

/**
 * The small run the fault tests share: the permutations experiment's cyclic shift on six hosts, a chain of three
 * switches with two hosts each, 500 us between rounds, under a fault schedule; each test names how long it
 * measures and warms up.
 */
final class ChainShifts {
    private ChainShifts() {
    }

    /** The shift measured for {@code duration} after {@code warmup} (HOCON durations), under {@code faults}. */
    static RunResult run(String duration, String warmup, String faults) {
        Config config = ExperimentConfig.load("permutations", List.of(
                "nowemu.permutations.hosts=6", "nowemu.topology.name=chain", "nowemu.topology.chain.switches=3",
                "nowemu.topology.chain.hosts-per-switch=2", "nowemu.permutations.patterns=[cshift]",
                "nowemu.permutations.duration=" + duration, "nowemu.permutations.warmup=" + warmup,
                "nowemu.permutations.gap=500us", "nowemu.faults=" + faults),
                Path.of(System.getProperty("nowemu.home", ".."))).config();
        Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
        return Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs());
    }
}
