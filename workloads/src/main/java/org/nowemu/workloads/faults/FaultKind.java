package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import org.nowemu.actors.config.Named;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Topology;

/**
 * A kind of fault a schedule can name ({@code nowemu.faults[i].fault}), registered in {@link FaultKinds}: it
 * checks the element it is applied to and adds itself to the run's hardware failures, while its
 * {@link FaultTimes} hold.
 */
public abstract class FaultKind extends Named {
    /**
     * @param name        the name in {@code nowemu.faults[i].fault}
     * @param description one line for {@code ./nowemu list}: what it does and which elements it takes
     */
    protected FaultKind(String name, String description) {
        super(name, description);
    }

    /** Keys of a schedule entry beyond fault, element and at that this kind reads (none by default). */
    public java.util.List<String> keys() {
        return java.util.List.of();
    }

    /**
     * {@code failures} with this fault applied to {@code element} from {@code atPs} on, for good ({@code entry}
     * is the whole schedule entry, for {@link #keys}); an element or value this kind cannot take is a
     * {@link org.nowemu.actors.config.BadInputException} naming {@code key} (the entry's place). A kind overrides
     * this or the ranged {@link #apply(Failures, Topology, String, FaultTimes, Config, String)} (each defaults
     * to the other).
     */
    public Failures apply(Failures failures, Topology topology, String element, long atPs, Config entry,
                           String key) {
        return apply(failures, topology, element, FaultTimes.from(atPs), entry, key);
    }

    /**
     * {@code failures} with this fault applied to {@code element} while {@code when} holds. By default a kind
     * that only knows a start ({@link #apply(Failures, Topology, String, long, Config, String)}) refuses a
     * range in one line.
     */
    public Failures apply(Failures failures, Topology topology, String element, FaultTimes when, Config entry,
                           String key) {
        if (when.bounded()) {
            throw FaultKinds.bad(key, name() + " takes no until, for, every or times");
        }
        return apply(failures, topology, element, when.atPs(), entry, key);
    }
}
