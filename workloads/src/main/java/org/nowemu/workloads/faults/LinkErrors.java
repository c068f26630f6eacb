package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.link.LinkFault;
import org.nowemu.hardware.topology.Cable;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code link-errors}: while its times hold (from {@code at} on, or inside its ranges), the cable at
 * {@code element} (SWITCH:PORT, a host, or {@code all} for every cable) flips bits at {@code bit-error-rate}
 * (per bit, 0..1, default 0) and loses whole packets with probability {@code drop} (0..1, default 0), both
 * directions. The receiving NIC's CRC catches flipped bits; the VN transport resends what was dropped or damaged.
 */
final class LinkErrors extends FaultKind {
    LinkErrors() {
        super("link-errors",
                "bit errors and packet drops on a cable from a time on (or in ranges); element SWITCH:PORT, HOST or"
                + " all; bit-error-rate, drop");
    }

    @Override
    public java.util.List<String> keys() {
        return java.util.List.of("bit-error-rate", "drop");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when, Config entry,
                          String key) {
        LinkFault fault = LinkFault.of(new LinkFault.Part(when.ranges(), fraction(entry, "bit-error-rate", key),
                fraction(entry, "drop", key), 0));
        if (!fault.any()) {
            throw FaultKinds.bad(key, "link-errors needs bit-error-rate or drop above 0");
        }
        return onCables(failures, topology, element, fault, key);
    }

    /** {@code failures} with {@code fault} on the cable named by {@code element}, or on every cable for all. */
    static Failures onCables(Failures failures, Topology topology, String element, LinkFault fault, String key) {
        if (element.equals("all")) {
            Failures f = failures;
            for (Cable c : topology.cables()) {
                f = f.linkFault(c.a(), fault);
            }
            return f;
        }
        Port end = CutLink.end(topology, element, key + ".element");
        if (topology.peer(end) == null) {
            throw FaultKinds.bad(key + ".element", "no cable is plugged into " + element);
        }
        return failures.linkFault(end, fault);
    }

    /** The value of key {@code k}, a number from 0 to 1 (0 when absent), or one line naming it. */
    static double fraction(Config entry, String k, String key) {
        if (!entry.hasPath(k)) {
            return 0;
        }
        double v;
        try {
            v = entry.getDouble(k);
        } catch (ConfigException e) {
            throw FaultKinds.bad(key + "." + k, "expected a number from 0 to 1, got '" + entry.getValue(k).unwrapped()
                    + "'");
        }
        if (!(v >= 0 && v <= 1)) {
            throw FaultKinds.bad(key + "." + k, "expected a number from 0 to 1, got " + v);
        }
        return v;
    }
}
