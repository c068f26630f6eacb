package org.nowemu.workloads.faults;

import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code fail-switch}: the switch named by {@code element} fails, for good or until {@code until} (repeating with
 * {@code every}): every cable of it is cut at once, and repaired at once.
 */
final class FailSwitch extends FaultKind {
    FailSwitch() {
        super("fail-switch",
                "a switch fails (all its cables cut; for good, or until/every); element SWITCH");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when,
                          com.typesafe.config.Config entry, String key) {
        Node node = FaultKinds.node(topology, element, key + ".element");
        if (!node.isSwitch()) {
            throw FaultKinds.bad(key + ".element", element + " is a host, not a switch");
        }
        return failures.switchDown(node.index(), when.ranges());
    }
}
