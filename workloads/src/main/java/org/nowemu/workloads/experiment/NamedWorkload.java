package org.nowemu.workloads.experiment;

import org.nowemu.actors.config.Named;

/** A workload whose name and one-line description are given once to the constructor. */
public abstract class NamedWorkload extends Named implements Workload {
    /**
     * @param name        the name an experiment file gives in {@code nowemu.workload}
     * @param description one line for {@code ./nowemu list}
     */
    protected NamedWorkload(String name, String description) {
        super(name, description);
    }
}
