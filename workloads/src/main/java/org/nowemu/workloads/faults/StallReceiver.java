package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code stall-receiver}: the NIC of host {@code element} stops draining its link at the given time, for
 * {@code for} (a time, required): its slack buffer fills, STOP holds the network back towards the senders, and
 * packets blocked past the switches' block timeout are truncated (the VN transport resends them).
 */
final class StallReceiver implements FaultKind {
    @Override
    public String name() {
        return "stall-receiver";
    }

    @Override
    public String description() {
        return "a NIC stops draining its link for a while; element HOST; for (time)";
    }

    @Override
    public java.util.List<String> keys() {
        return java.util.List.of("for");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, long atPs, Config entry,
                          String key) {
        Node node = FaultKinds.node(topology, element, key + ".element");
        if (!node.isHost()) {
            throw FaultKinds.bad(key + ".element", element + " is a switch, not a host");
        }
        long forPs = FaultKinds.duration(entry, "for", key, "stall-receiver needs 'for' (how long, e.g. 2ms)");
        return failures.stall(node.index(), atPs, atPs + forPs);
    }
}
