package org.nowemu.protocol.system;

import org.nowemu.actors.runtime.Exposures;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.ledger.FaultExposures;

/**
 * Where a system's host components go: the host and its NIC in the cluster, the id its first component gets (the
 * others follow in order, so they can address each other), the failures that concern it, and the stack it runs
 * with what that stack assumes away, for the ledger.
 *
 * @param topology the network
 * @param profile  the hardware
 * @param nic      the host's NIC (its index is the host's)
 * @param firstId  the component id of the first host component
 * @param failures what fails in the run (processes that crash, among others)
 * @param faults   the run's faults as the ledger weighs losses ({@link FaultExposures}); null if nothing fails
 * @param stack    the name of the stack the host runs ("" until {@link Stack#hostParts} says)
 * @param assumed  what that stack assumes away
 * @param peers    hosts of the run with programs on this host's stack, this one included: the job a library that
 *                 shares its resources among its peers (FM's receive slots) shares them among
 */
public record HostSetup(Topology topology, HardwareProfile profile, NicParts nic, int firstId, Failures failures,
                        FaultExposures faults, String stack, Assumptions assumed, int peers) {
    /** A host whose stack has {@code peers} hosts with programs in the run. */
    public HostSetup(Topology topology, HardwareProfile profile, NicParts nic, int firstId, Failures failures,
                     FaultExposures faults, int peers) {
        this(topology, profile, nic, firstId, failures, faults, "", Assumptions.NONE, peers);
    }

    /** This host running stack {@code name}, which assumes {@code what}. */
    public HostSetup running(String name, Assumptions what) {
        return new HostSetup(topology, profile, nic, firstId, failures, faults, name, what, peers);
    }

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

    /**
     * What this host's processes meet on their way to each host that their stack assumes away, for their ledger
     * pages ({@link org.nowemu.actors.runtime.LedgerBook#assumes}); null if nothing is (no fault, or the stack
     * assumes nothing).
     */
    public Exposures exposures() {
        return faults == null ? null : faults.from(nic.nic(), assumed);
    }
}
