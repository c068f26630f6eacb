package org.nowemu.protocol.support;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;

/** Clusters running AM programs for the protocol tests: configuration from HOCON overrides, seeded runs. */
public final class AmNets {
    private AmNets() {
    }

    /** The reference configuration with {@code overrides} (HOCON, full keys). */
    public static ConfigReader config(String overrides) {
        Config c = ConfigFactory.parseString(overrides).withFallback(ConfigFactory.defaultReference()).resolve();
        return new ConfigReader(c);
    }

    public static HardwareProfile profile(ConfigReader r) {
        return HardwareProfile.read(r);
    }

    public static StackSettings stack(ConfigReader r, String name) {
        return Stacks.named(r, "test", name, HardwareProfile.read(r).nic().maxPacketBytes());
    }

    public static Topology topology(ConfigReader r) {
        return Topologies.build(r, HardwareProfile.read(r).switches().ports());
    }

    /** Runs {@code programs} (one process per host that has one) with {@code stack} everywhere. */
    public static RunResult run(ConfigReader r, String stack, Map<Integer, AmProgram> programs, long horizonPs) {
        StackSettings s = stack(r, stack);
        return run(r, h -> s, h -> programs.containsKey(h) ? List.of(programs.get(h)) : List.of(), horizonPs);
    }

    public static RunResult run(ConfigReader r, IntFunction<StackSettings> stacks,
                                IntFunction<List<AmProgram>> programs, long horizonPs) {
        Cluster c = AmCluster.build(topology(r), profile(r), stacks, programs);
        int threads = Integer.getInteger("t", 2);
        return Emulation.run(c.model(), new RuntimeSettings(7, threads, false, 0), horizonPs);
    }
}
