package org.nowemu.workloads.experiment;

/** A workload's name and one-line description, given once to the constructor instead of written as two methods. */
public abstract class NamedWorkload implements Workload {
    private final String name;
    private final String description;

    /**
     * @param name        the name an experiment file gives in {@code nowemu.workload}
     * @param description one line for {@code ./nowemu list}
     */
    protected NamedWorkload(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }
}
