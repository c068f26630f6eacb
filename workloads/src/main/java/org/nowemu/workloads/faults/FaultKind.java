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

    /** Keys of a schedule entry beyond fault, element and at that this kind reads (none by default). */
    default java.util.List<String> keys() {
        return java.util.List.of();
    }

    /**
     * {@code failures} with this fault applied to {@code element} at {@code atPs} ({@code entry} is the whole
     * schedule entry, for {@link #keys}); an element or value this kind cannot take is a
     * {@link org.nowemu.actors.config.BadInputException} naming {@code key} (the entry's place).
     */
    Failures apply(Failures failures, Topology topology, String element, long atPs, com.typesafe.config.Config entry,
                   String key);
}
