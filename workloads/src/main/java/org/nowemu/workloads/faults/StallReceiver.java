package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code stall-receiver}: the NIC of host {@code element} stops draining its link at the given time, for
 * {@code for} or until {@code until} (one of them required, repeating with {@code every}): its slack buffer
 * fills, STOP holds the network back towards the senders, and packets blocked past the switches' block timeout
 * are truncated (the VN transport resends them).
 */
final class StallReceiver extends FaultKind {
    StallReceiver() {
        super("stall-receiver",
                "a NIC stops draining its link for a while; element HOST; for or until (time)");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when, Config entry,
                          String key) {
        Node node = FaultKinds.host(topology, element, key + ".element");
        if (!when.bounded()) {
            throw FaultKinds.bad(key, "stall-receiver needs 'for' or 'until' (how long, e.g. for = 2ms)");
        }
        return failures.stall(node.index(), when.ranges());
    }
}
