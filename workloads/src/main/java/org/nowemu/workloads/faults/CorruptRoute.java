package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.link.LinkFault;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code corrupt-route}: while its times hold, a fraction {@code fraction} (0..1, required) of the packets sent
 * along the cable at {@code element} (SWITCH:PORT, a host, or {@code all}), both directions, have the route byte
 * the next switch reads replaced by a random other value, drawn from the seed. Myrinet's CRC covers the body and
 * a cut-through switch acts on the byte long before the tail, so nothing checks it: the switch sends the packet
 * out of the port the byte names (relative to the one it came in on) or drops it when that port has no cable,
 * and the packet goes on consuming its route bytes from there. A packet that reaches a NIC with bytes left over
 * is dropped there; one that reaches the wrong NIC with none left is dropped by the firmware as misrouted
 * ({@code vn.dropped.misrouted}); the sender's retransmission timer resends both. Packets going into a NIC carry
 * no route byte any more and are left alone. Counted at the transmitter: {@code link.route_corruptions}.
 */
final class CorruptRoute extends FaultKind {
    CorruptRoute() {
        super("corrupt-route",
                "replace the next route byte of a fraction of packets on a cable; element SWITCH:PORT, HOST or all;"
                + " fraction");
    }

    @Override
    public java.util.List<String> keys() {
        return java.util.List.of("fraction");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when, Config entry,
                          String key) {
        if (!entry.hasPath("fraction")) {
            throw FaultKinds.bad(key, "corrupt-route needs 'fraction' (of the packets, 0..1, e.g. 0.01)");
        }
        double fraction = LinkErrors.fraction(entry, "fraction", key);
        if (fraction <= 0) {
            throw FaultKinds.bad(key + ".fraction", "must be above 0");
        }
        LinkFault fault = LinkFault.of(new LinkFault.Part(when.ranges(), 0, 0, fraction));
        return LinkErrors.onCables(failures, topology, element, fault, key);
    }
}
