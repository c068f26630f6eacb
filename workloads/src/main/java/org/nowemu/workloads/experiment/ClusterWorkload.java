package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import java.util.function.BiFunction;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;

/**
 * A workload that runs on the configured hardware profile and topology with one validated settings record: it
 * reads them in a fixed order (profile, the workload's settings, topology), so that bad input is reported the same
 * way by every workload, then lays out its host programs.
 *
 * @param <S> the workload's settings record
 */
public abstract class ClusterWorkload<S> extends NamedWorkload {
    private final BiFunction<ConfigReader, HardwareProfile, S> settings;

    /** @param settings reads and validates this workload's settings */
    protected ClusterWorkload(String name, String description, BiFunction<ConfigReader, HardwareProfile, S> settings) {
        super(name, description);
        this.settings = settings;
    }

    /** Builds what to run from the validated settings on the configured network. */
    protected abstract Plan plan(ConfigReader r, HardwareProfile profile, S s, Topology t);

    @Override
    public final Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        S s = settings.apply(r, profile);
        return plan(r, profile, s, Topologies.build(r, profile.switches().ports()));
    }
}
