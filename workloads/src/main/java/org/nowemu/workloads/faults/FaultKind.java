package org.nowemu.workloads.faults;

import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Topology;

/**
 * A kind of fault a schedule can name ({@code nowemu.faults[i].fault}), registered in {@link FaultKinds}: it
 * checks the element it is applied to and adds itself to the run's hardware failures.
 */
public interface FaultKind {
    String name();

    /** One line for {@code ./nowemu list}: what it does and which elements it takes. */
    String description();

    /**
     * {@code failures} with this fault applied to {@code element} at {@code atPs}; an element this kind cannot
     * take is a {@link org.nowemu.actors.config.BadInputException} naming {@code key}.
     */
    Failures apply(Failures failures, Topology topology, String element, long atPs, String key);
}
