package org.nowemu.hardware.topology;

import org.nowemu.actors.config.ConfigReader;

/**
 * A 2-D mesh of switches (no wrap-around), each joined to its north, south, east and west neighbours.
 * Parameters under {@code nowemu.topology.mesh}: {@code rows}, {@code columns} (at least 1 each) and
 * {@code hosts-per-switch} ({@code h}, 0..ports-4).
 *
 * <p>The switch at row {@code r}, column {@code c} is {@code s<r*columns+c>} and carries hosts
 * {@code h<k*h>..h<k*h+h-1>} (k its switch number) on ports {@code 0..h-1}. The next four ports have fixed
 * directions: {@code h} north (row r-1), {@code h+1} east (column c+1), {@code h+2} south, {@code h+3} west;
 * a switch on the edge leaves the missing directions unused.
 */
public final class MeshTopology extends TopologyBuilder {
    private static final String KEY = "nowemu.topology.mesh.";
    private static final int NORTH = 0;
    private static final int EAST = 1;
    private static final int SOUTH = 2;
    private static final int WEST = 3;

    public MeshTopology() {
        super("mesh", "a 2-D mesh of switches joined north, south, east and west");
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        int rows = Wiring.count(config, KEY + "rows", 1);
        int columns = Wiring.count(config, KEY + "columns", 1);
        int perSwitch = Wiring.hostsPerSwitch(config, KEY + "hosts-per-switch", switchPorts, 4,
                "its four neighbours");
        long switchCount = (long) rows * columns;
        Wiring.fits(config, KEY + "rows", switchCount);
        Wiring.fits(config, KEY + "rows", switchCount * (perSwitch + 1));
        int switches = (int) switchCount;
        Wiring w = new Wiring(name(), switches * perSwitch, switches, switchPorts);
        w.attachEvenly(perSwitch);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                int s = r * columns + c;
                if (c + 1 < columns) {
                    w.link(s, perSwitch + EAST, s + 1, perSwitch + WEST);
                }
                if (r + 1 < rows) {
                    w.link(s, perSwitch + SOUTH, s + columns, perSwitch + NORTH);
                }
            }
        }
        return w.topology();
    }
}
