package org.nowemu.actors.config;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An entry of a registry (topologies, workloads, fault kinds): the name the configuration gives it and one line for
 * {@code ./nowemu list}, given once to the constructor.
 */
public abstract class Named {
    private final String name;
    private final String description;

    /**
     * @param name        the name the configuration gives it
     * @param description one line for {@code ./nowemu list}
     */
    protected Named(String name, String description) {
        this.name = name;
        this.description = description;
    }

    /** The name the configuration gives it. */
    public final String name() {
        return name;
    }

    /** One line for {@code ./nowemu list}. */
    public final String description() {
        return description;
    }

    /** The entry of {@code all} named {@code name}, if there is one. */
    public static <T extends Named> Optional<T> find(List<T> all, String name) {
        return all.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The names of {@code all}, in order, for a message that lists the known ones. */
    public static String names(List<? extends Named> all) {
        return all.stream().map(Named::name).collect(Collectors.joining(", "));
    }
}
