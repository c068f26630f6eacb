package org.nowemu.hardware.topology;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.config.Named;

/** The registry of topology builders, chosen by {@code nowemu.topology.name}. */
public final class Topologies {
    private static final String NAME = "nowemu.topology.name";
    private static final List<TopologyBuilder> ALL = Stream.<TopologyBuilder>of(
                    new SingleTopology(), LineTopology.chain(), LineTopology.ring(), new MeshTopology(),
                    new FatTreeTopology(), new RandomTopology(), new FileTopology(), new NowTopology())
            .sorted(Comparator.comparing(TopologyBuilder::name))
            .toList();

    private Topologies() {
    }

    /** Every builder, sorted by name. */
    public static List<TopologyBuilder> all() {
        return ALL;
    }

    /** The builder named in {@code nowemu.topology.name}. */
    public static TopologyBuilder named(ConfigReader config) {
        String name = config.string(NAME);
        return Named.find(ALL, name).orElseThrow(
                () -> config.bad(NAME, "unknown topology '" + name + "'; known: " + Named.names(ALL)));
    }

    /**
     * The configured network.
     *
     * @param switchPorts the profile's switch port count
     */
    public static Topology build(ConfigReader config, int switchPorts) {
        return named(config).build(config, switchPorts);
    }
}
