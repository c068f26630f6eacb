package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * Switches in a line, neighbours joined by one cable. Parameters under {@code nowemu.topology.chain}:
 * {@code switches} (at least 1) and {@code hosts-per-switch} ({@code h}, 0..ports-2).
 *
 * <p>Switch {@code s<i>} carries hosts {@code h<i*h>..h<i*h+h-1>} on ports {@code 0..h-1}; port {@code h}
 * leads east to {@code s<i+1>} and port {@code h+1} west to {@code s<i-1>}, so the end switches leave one
 * of the two unused. Every switch has the same layout, which keeps routes easy to read.
 */
public final class ChainTopology implements TopologyBuilder {
    private static final String KEY = "nowemu.topology.chain.";

    @Override
    public String name() {
        return "chain";
    }

    @Override
    public String description() {
        return "switches in a line, each with the same number of hosts";
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int switches = Wiring.count(config, KEY + "switches", 1);
        int perSwitch = Wiring.hostsPerSwitch(config, KEY + "hosts-per-switch", switchPorts, 2, "its two neighbours");
        Wiring.fits(config, KEY + "switches", (long) switches * (perSwitch + 1));
        Wiring w = new Wiring(name(), switches * perSwitch, switches, switchPorts);
        w.attachEvenly(perSwitch);
        for (int i = 0; i + 1 < switches; i++) {
            w.link(i, perSwitch, i + 1, perSwitch + 1);
        }
        return w.topology();
    }
}
