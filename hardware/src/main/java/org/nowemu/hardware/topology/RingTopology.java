package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * Switches in a cycle. Parameters under {@code nowemu.topology.ring}: {@code switches} (at least 3, so no
 * two switches are joined twice) and {@code hosts-per-switch} ({@code h}, 0..ports-2).
 *
 * <p>Switch {@code s<i>} carries hosts {@code h<i*h>..h<i*h+h-1>} on ports {@code 0..h-1}; port {@code h}
 * leads on to {@code s<(i+1) mod n>} and port {@code h+1} back to {@code s<(i-1) mod n>}.
 */
public final class RingTopology implements TopologyBuilder {
    private static final String KEY = "nowemu.topology.ring.";

    @Override
    public String name() {
        return "ring";
    }

    @Override
    public String description() {
        return "switches in a cycle, each with the same number of hosts";
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int switches = Wiring.count(config, KEY + "switches", 3);
        int perSwitch = Wiring.hostsPerSwitch(config, KEY + "hosts-per-switch", switchPorts, 2, "its two neighbours");
        Wiring.fits(config, KEY + "switches", (long) switches * (perSwitch + 1));
        Wiring w = new Wiring(name(), switches * perSwitch, switches, switchPorts);
        w.attachEvenly(perSwitch);
        for (int i = 0; i < switches; i++) {
            w.link(i, perSwitch, (i + 1) % switches, perSwitch + 1);
        }
        return w.topology();
    }
}
