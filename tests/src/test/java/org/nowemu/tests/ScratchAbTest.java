package org.nowemu.tests;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.workloads.experiment.ExperimentConfig;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.Workloads;

class ScratchAbTest {
    @Test
    void ab() {
        String exp = System.getProperty("ab.exp", "fat-tree-4096");
        List<String> sets = List.of(System.getProperty("ab.sets", "nowemu.permutations.patterns=[cshift];nowemu.permutations.duration=20us;nowemu.permutations.warmup=10us;nowemu.permutations.gap=100us;nowemu.topology.fat-tree.levels=5;nowemu.permutations.hosts=1024").split(";"));
        String[] modes = System.getProperty("ab.modes", "seq,1,seq,1,seq,1").split(",");
        for (String mode : modes) {
            java.util.ArrayList<String> s = new java.util.ArrayList<>(sets);
            s.add(mode.equals("seq") ? "nowemu.runtime.engine=sequential" : "nowemu.runtime.threads=" + mode);
            Config config = ExperimentConfig.load(exp, s, Path.of(System.getProperty("nowemu.home", ".."))).config();
            Plan plan = Workloads.from(new ConfigReader(config)).plan(config);
            RunResult r = Emulation.run(plan.model(), RuntimeSettings.from(config), plan.horizonPs(), config, new RunProgress());
            System.out.printf("SCRATCH %-4s events %d wall %.2fs cpu/event %.0f ns lanes %d windows %d %s%n", mode, r.events(),
                    r.wallSeconds(), r.runtime().cpuSeconds() / r.events() * 1e9, r.runtime().lanes(), r.windows(), r.digest());
        }
    }
}
