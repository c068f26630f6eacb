package org.nowemu.hardware.topology;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;

/**
 * The nodes and cables of a generated topology while a builder lays them out. Node order follows the
 * {@link TopologyBuilder} convention: host {@code i} is node {@code i} named {@code h<i>}, switch {@code j} is
 * node {@code hosts + j} named {@code s<j>}. Ports are given either explicitly or as the switch's next free
 * port; builders attach every host before laying any inter-switch cable, so host ports come first.
 */
final class Wiring {
    /** Most nodes of a generated topology: more than any cluster worth emulating, few enough for int arithmetic. */
    static final int MAX_NODES = 1 << 20;

    private final String name;
    private final int hosts;
    private final int switches;
    private final int switchPorts;
    private final int[] nextFree;
    private final List<Cable> hostCables = new ArrayList<>();
    private final List<Cable> switchCables = new ArrayList<>();

    Wiring(String name, int hosts, int switches, int switchPorts) {
        this.name = name;
        this.hosts = hosts;
        this.switches = switches;
        this.switchPorts = switchPorts;
        this.nextFree = new int[switches];
    }

    /** The node index of switch {@code j}. */
    int sw(int j) {
        return hosts + j;
    }

    /** Plugs host {@code host} into the next free port of switch {@code sw}. */
    void attach(int host, int sw) {
        attach(host, sw, nextFree[sw]);
    }

    void attach(int host, int sw, int port) {
        hostCables.add(new Cable(new Port(host, 0), new Port(sw(sw), take(sw, port))));
    }

    /** A cable between the next free ports of switches {@code a} and {@code b}. */
    /** Hosts {@code s*perSwitch .. s*perSwitch+perSwitch-1} on ports 0.. of each switch s, in order. */
    void attachEvenly(int perSwitch) {
        for (int s = 0; s < switches; s++) {
            for (int j = 0; j < perSwitch; j++) {
                attach(s * perSwitch + j, s, j);
            }
        }
    }

    void link(int a, int b) {
        link(a, nextFree[a], b, nextFree[b]);
    }

    void link(int a, int portA, int b, int portB) {
        switchCables.add(new Cable(new Port(sw(a), take(a, portA)), new Port(sw(b), take(b, portB))));
    }

    private int take(int sw, int port) {
        nextFree[sw] = Math.max(nextFree[sw], port + 1);
        return port;
    }

    /** The finished topology: host cables first, then inter-switch cables, each in the order they were laid. */
    Topology topology() {
        List<Node> nodes = new ArrayList<>(hosts + switches);
        for (int i = 0; i < hosts; i++) {
            nodes.add(new Node(i, Node.Kind.HOST, "h" + i, 1));
        }
        for (int j = 0; j < switches; j++) {
            nodes.add(new Node(hosts + j, Node.Kind.SWITCH, "s" + j, switchPorts));
        }
        List<Cable> cables = new ArrayList<>(hostCables);
        cables.addAll(switchCables);
        return new Topology(name, nodes, cables);
    }

    /** A count of at least {@code min}, bounded so products of two counts cannot overflow a long. */
    static int count(ConfigReader config, String key, int min) {
        return config.intIn(key, min, MAX_NODES);
    }

    /** Hosts per switch when {@code reserved} ports of each switch are kept for {@code reservedFor}. */
    static int hostsPerSwitch(ConfigReader config, String key, int switchPorts, int reserved, String reservedFor) {
        int h = count(config, key, 0);
        if (h > switchPorts - reserved) {
            throw config.bad(key, "at most " + Math.max(0, switchPorts - reserved) + " hosts fit on a " + switchPorts
                    + "-port switch that keeps " + reserved + " ports for " + reservedFor + ", got " + h);
        }
        return h;
    }

    /** Refuses a topology of more than {@link #MAX_NODES} nodes, blaming {@code key}. */
    static void fits(ConfigReader config, String key, long nodes) {
        if (nodes > MAX_NODES) {
            throw config.bad(key, "gives " + nodes + " nodes; a generated topology has at most " + MAX_NODES);
        }
    }
}
