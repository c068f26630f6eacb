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
final class CyclePower extends FaultKind {
    CyclePower() {
        super("power-cycle",
                "a NIC loses power and comes back after a while; element HOST; for or until (time)");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when, Config entry,
                          String key) {
        Node node = FaultKinds.host(topology, element, key + ".element");
        if (!when.bounded()) {
            throw FaultKinds.bad(key, name() + " needs 'for' or 'until' (how long it stays off, e.g. for = 1ms)");
        }
        // Each span of the (possibly repeating) range is one cycle: off at its start, back on at its end.
        org.nowemu.hardware.link.TimeRanges r = when.ranges();
        long forever = org.nowemu.hardware.link.TimeRanges.FOREVER;
        Failures f = failures;
        int cycles = 0;
        for (long t = 0; t != forever; ) {
            long off = r.holds(t) ? t : r.nextChangeFrom(t);
            if (off == forever) {
                break;
            }
            if (!r.holds(off)) {
                // The end of a span, not a start: look on from just after it.
                t = off + 1;
                continue;
            }
            if (++cycles > 100_000) {
                throw FaultKinds.bad(key, "more than 100,000 power cycles: give 'times'");
            }
            long on = r.nextChangeFrom(off + 1);
            for (long[] c : f.powerCyclesOf(node.index())) {
                if (off < c[1] && c[0] < on) {
                    throw FaultKinds.bad(key, element + "'s NIC is already off then (another power-cycle from "
                            + c[0] / 1_000_000 + "us to " + c[1] / 1_000_000 + "us)");
                }
            }
            f = f.powerCycle(node.index(), off, on);
            t = on;
        }
        return f;
    }
}
