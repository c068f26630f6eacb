package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * Switches in a line ({@code chain}) or in a cycle ({@code ring}), each with the same hosts. Parameters under
 * {@code nowemu.topology.<name>}: {@code switches} (at least 1 for a chain; at least 3 for a ring, so no two
 * switches are joined twice) and {@code hosts-per-switch} ({@code h}, 0..ports-2).
 *
 * <p>Switch {@code s<i>} carries hosts {@code h<i*h>..h<i*h+h-1>} on ports {@code 0..h-1}; port {@code h}
 * leads on (east) to {@code s<i+1>} and port {@code h+1} back (west) to {@code s<i-1>}, modulo the switch count
 * in a ring; the end switches of a chain leave one of the two unused. Every switch has the same layout, which
 * keeps routes easy to read.
 */
final class LineTopology extends TopologyBuilder {
    private final String key;
    private final int fewestSwitches;
    private final boolean closed;

    private LineTopology(String name, String description, int fewestSwitches, boolean closed) {
        super(name, description);
        this.key = "nowemu.topology." + name + ".";
        this.fewestSwitches = fewestSwitches;
        this.closed = closed;
    }

    static LineTopology chain() {
        return new LineTopology("chain", "switches in a line, each with the same number of hosts", 1, false);
    }

    static LineTopology ring() {
        return new LineTopology("ring", "switches in a cycle, each with the same number of hosts", 3, true);
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int switches = Wiring.count(config, key + "switches", fewestSwitches);
        int perSwitch = Wiring.hostsPerSwitch(config, key + "hosts-per-switch", switchPorts, 2, "its two neighbours");
        Wiring.fits(config, key + "switches", (long) switches * (perSwitch + 1));
        Wiring w = new Wiring(name(), switches * perSwitch, switches, switchPorts);
        w.attachEvenly(perSwitch);
        int links = closed ? switches : switches - 1;
        for (int i = 0; i < links; i++) {
            w.link(i, perSwitch, (i + 1) % switches, perSwitch + 1);
        }
        return w.topology();
    }
}
