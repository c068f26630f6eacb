package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * One crossbar switch {@code s0} with {@code nowemu.topology.single.hosts} hosts (1..switch ports): host
 * {@code h<i>} on port {@code i}. The smallest network that still goes through a switch.
 */
public final class SingleTopology extends TopologyBuilder {
    private static final String HOSTS = "nowemu.topology.single.hosts";

    public SingleTopology() {
        super("single", "one switch with hosts on ports 0..hosts-1");
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int hosts = Wiring.count(config, HOSTS, 1);
        if (hosts > switchPorts) {
            throw config.bad(HOSTS, "at most " + switchPorts + " hosts fit on a " + switchPorts + "-port switch, got "
                    + hosts);
        }
        Wiring w = new Wiring(name(), hosts, 1, switchPorts);
        for (int i = 0; i < hosts; i++) {
            w.attach(i, 0, i);
        }
        return w.topology();
    }
}
