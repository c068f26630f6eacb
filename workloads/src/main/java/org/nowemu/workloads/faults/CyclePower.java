package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code power-cycle}: the NIC of host {@code element} loses power at the given time and gets it back after
 * {@code for} (a time, required). While off it drops what arrives; when it comes back its firmware starts afresh
 * in a new incarnation, the endpoints come back from the host, and what it held returns to its senders as
 * unreachable; its peers refuse nothing of the new life and it refuses what was meant for the old one
 * ({@link org.nowemu.hardware.nic.PowerCycle}, {@code VnFirmware}).
 */
final class CyclePower implements FaultKind {
    @Override
    public String name() {
        return "power-cycle";
    }

    @Override
    public String description() {
        return "a NIC loses power and comes back after a while; element HOST; for (time)";
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
        long forPs = FaultKinds.duration(entry, "for", key, name() + " needs 'for' (how long it stays off, e.g. 1ms)");
        for (long[] c : failures.powerCyclesOf(node.index())) {
            if (atPs < c[1] && c[0] < atPs + forPs) {
                throw FaultKinds.bad(key, element + "'s NIC is already off then (another power-cycle from "
                        + c[0] / 1_000_000 + "us to " + c[1] / 1_000_000 + "us)");
            }
        }
        return failures.powerCycle(node.index(), atPs, atPs + forPs);
    }
}
