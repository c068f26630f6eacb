package org.nowemu.hardware.cluster;

import java.util.List;
import java.util.function.Supplier;
import org.nowemu.actors.runtime.Component;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;

/**
 * What runs on the hosts of a {@link Cluster}: each NIC's firmware and each host's components (threads,
 * drivers). Both are made by factories, because a model is a description that each run instantiates afresh.
 * Host components may talk to each other, to their bus and to their NIC processor; each such message takes at
 * least one LANai cycle.
 */
public interface HostProgram {
    /**
     * A host component.
     *
     * @param name    suffix after the host's name (e.g. {@code t0} gives {@code h3.t0})
     * @param factory makes the component
     */
    record Part(String name, Supplier<? extends Component> factory) {
    }

    /** A new firmware instance for the NIC {@code nic}. */
    Firmware firmware(NicParts nic);

    /**
     * The host components of host {@code nic.nic()}; the first gets component id {@code firstId} and the others
     * follow in order, so they can address each other.
     */
    default List<Part> hostParts(NicParts nic, int firstId) {
        return List.of();
    }
}
