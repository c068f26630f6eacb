package org.nowemu.workloads.faults;

import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code cut-link}: the cable at {@code element} is cut at the given time, both directions at once, for good
 * or until {@code until} (repeating with {@code every}): a flit on it then is lost and the ends see no more
 * STOP/GO; when it is repaired, flits flow again after the ends exchange GO. Elements: {@code SWITCH:PORT} (the
 * cable plugged into that port) or a host name (its only cable).
 */
final class CutLink extends FaultKind {
    CutLink() {
        super("cut-link",
                "cut a cable (for good, or until/every: repaired between); element SWITCH:PORT or HOST");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when,
                          com.typesafe.config.Config entry, String key) {
        Port end = end(topology, element, key + ".element");
        if (topology.peer(end) == null) {
            throw FaultKinds.bad(key + ".element", "no cable is plugged into " + element);
        }
        return failures.cable(end, when.ranges());
    }

    static Port end(Topology topology, String element, String key) {
        int colon = element.lastIndexOf(':');
        String name = colon < 0 ? element : element.substring(0, colon);
        Node node = FaultKinds.node(topology, name, key);
        if (colon < 0) {
            if (!node.isHost()) {
                throw FaultKinds.bad(key, "a switch's cable is named SWITCH:PORT, got '" + element + "'");
            }
            return new Port(node.index(), 0);
        }
        int port;
        try {
            port = Integer.parseInt(element.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw FaultKinds.bad(key, "expected SWITCH:PORT with a port number, got '" + element + "'");
        }
        if (port < 0 || port >= node.ports()) {
            throw FaultKinds.bad(key, name + " has ports 0.." + (node.ports() - 1) + ", got " + port);
        }
        return new Port(node.index(), port);
    }
}
