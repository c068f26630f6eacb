package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Topology;

/**
 * {@code crash-process}: process {@code N} of host {@code H} (element {@code H.pN}, processes numbered in the
 * order the experiment gives a host its programs; all of a process's threads go together) dies at the given
 * time. Its program stops where it is; what waits in its receive queues is lost with it; its segment driver
 * closes its endpoints on the NIC, which then refuses messages for them as BAD_ENDPOINT, so their senders get
 * them back. Other processes of the host go on. The ledger counts messages caught in the crash apart from lost
 * ones. A process the host does not run is bad input, found when the experiment is built.
 */
final class CrashProcess extends FaultKind {
    CrashProcess() {
        super("crash-process",
                "a host process dies, its endpoints vanish; element HOST.pN (p0: the host's first process)");
    }

    @Override
    public Failures apply(Failures failures, Topology topology, String element, long atPs, Config entry,
                          String key) {
        int dot = element.lastIndexOf(".p");
        int process = -1;
        if (dot > 0) {
            try {
                process = Integer.parseInt(element.substring(dot + 2));
            } catch (NumberFormatException e) {
                process = -1;
            }
        }
        if (process < 0) {
            throw FaultKinds.bad(key + ".element", "expected a process as HOST.pN (h3.p0: h3's first process), got '"
                    + element + "'");
        }
        Node node = FaultKinds.host(topology, element.substring(0, dot), key + ".element");
        return failures.crash(node.index(), process, atPs);
    }
}
