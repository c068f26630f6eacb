package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;

/**
 * A workload on the configured hardware profile and topology that reads its own settings after them (they may
 * depend on the network, as a traffic file's hosts do): the profile, then the topology, then {@link #plan}.
 * A workload whose settings do not depend on the topology is a {@link ClusterWorkload}.
 */
public abstract class NetworkWorkload extends NamedWorkload {
    protected NetworkWorkload(String name, String description) {
        super(name, description);
    }

    /** Reads the workload's settings and builds what to run on topology {@code t} of {@code profile}. */
    protected abstract Plan plan(ConfigReader r, HardwareProfile profile, Topology t);

    @Override
    public final Plan plan(Config config) {
        ConfigReader r = new ConfigReader(config);
        HardwareProfile profile = HardwareProfile.read(r);
        return plan(r, profile, Topologies.build(r, profile.switches().ports()));
    }
}
