package org.nowemu.actors.runtime;

import java.util.List;
import java.util.function.Supplier;

/**
 * What an emulation runs: components (by id, 0..size-1), their names, how to create each, and their outgoing
 * connections with minimum delays. Each partition creates only its own components, so a model is a
 * description, not a set of live objects. Build one with {@link ModelBuilder}.
 */
public final class Model {
    private final List<String> names;
    private final List<Supplier<? extends Component>> factories;
    private final List<Connections> connections;
    private final long lookahead;
    private final int[] groups;
    private final List<List<Class<?>>> carries;

    Model(List<String> names, List<Supplier<? extends Component>> factories, List<Connections> connections,
          int[] groups, List<List<Class<?>>> carries) {
        this.groups = groups;
        this.carries = List.copyOf(carries);
        this.names = List.copyOf(names);
        this.factories = List.copyOf(factories);
        this.connections = List.copyOf(connections);
        long l = Long.MAX_VALUE;
        for (Connections c : connections) {
            l = Math.min(l, c.smallest());
        }
        if (l <= 0) {
            throw new IllegalArgumentException("a connection with minimum delay 0 leaves no lookahead: "
                    + "every connection between components needs a positive minimum delay");
        }
        this.lookahead = l;
    }

    public int size() {
        return names.size();
    }

    public String name(int id) {
        return names.get(id);
    }

    public Component create(int id) {
        return factories.get(id).get();
    }

    public Connections connections(int id) {
        return connections.get(id);
    }

    /** The placement group of {@code id}, or -1 if it has none (see {@link ModelBuilder#group}). */
    public int group(int id) {
        return groups[id];
    }

    /** The message classes {@code id} declared it sends to other components (empty if it declared none). */
    public List<Class<?>> carries(int id) {
        return carries.get(id);
    }

    /** The smallest minimum delay over every connection (ps): the width of a synchronisation window. */
    public long lookahead() {
        return lookahead;
    }
}
