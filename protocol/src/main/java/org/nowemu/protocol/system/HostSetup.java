package org.nowemu.protocol.system;

import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;

/**
 * Where a system's host components go: the host and its NIC in the cluster, the id its first component gets (the
 * others follow in order, so they can address each other), and the failures that concern it.
 *
 * @param topology the network
 * @param profile  the hardware
 * @param nic      the host's NIC (its index is the host's)
 * @param firstId  the component id of the first host component
 * @param failures what fails in the run (processes that crash, among others)
 */
public record HostSetup(Topology topology, HardwareProfile profile, NicParts nic, int firstId, Failures failures) {
    /** Hosts in the cluster (a program may address any). */
    public int hosts() {
        return topology.hosts().size();
    }

    /** The host's name in the topology ({@code h3}). */
    public String name() {
        return topology.hosts().get(nic.nic()).name();
    }

    /** When process {@code process} of this host crashes (virtual time, ps; {@code Long.MAX_VALUE}: never). */
    public long crashOf(int process) {
        return failures.crashOf(topology.hosts().get(nic.nic()).index(), process);
    }
}
