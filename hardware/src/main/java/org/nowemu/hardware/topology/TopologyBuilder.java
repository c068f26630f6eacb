package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.config.Named;

/**
 * Makes one kind of network, named in {@code nowemu.topology.name} and listed by {@link Topologies}. A builder
 * reads its parameters from {@code nowemu.topology.<name>.*}; parameters that are out of range or cannot fit
 * the switches' ports are user errors, reported with {@link ConfigReader#bad} naming the key and the reason.
 *
 * <p>Generated topologies share a convention: hosts come first (host {@code i} is node {@code i}, named
 * {@code h<i>}), switches after them (named {@code s0, s1, ...}); on a switch, host cables take the ports
 * from 0 upward and inter-switch cables the ports after them. {@link FileTopology} keeps the file's order
 * and names instead.
 */
public abstract class TopologyBuilder extends Named {
    /**
     * @param name        the name in {@code nowemu.topology.name}, also the config section of the parameters
     * @param description one line for {@code ./nowemu list}
     */
    protected TopologyBuilder(String name, String description) {
        super(name, description);
    }

    /**
     * The network.
     *
     * @param config      the resolved configuration
     * @param switchPorts the profile's port count; every switch of a generated topology has that many ports
     */
    public abstract Topology build(ConfigReader config, int switchPorts);
}
