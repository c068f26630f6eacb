package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** Assembles a {@link Model}: add components, then declare their outgoing connections and minimum delays. */
public final class ModelBuilder {
    private final List<String> names = new ArrayList<>();
    private final List<Supplier<? extends Component>> factories = new ArrayList<>();
    private final List<TreeMap<Integer, Long>> explicit = new ArrayList<>();
    private final List<Long> toAny = new ArrayList<>();

    /** Adds a component and returns its id (ids are consecutive from 0 in the order of adding). */
    public int add(String name, Supplier<? extends Component> factory) {
        names.add(name);
        factories.add(factory);
        explicit.add(new TreeMap<>());
        toAny.add(Long.MAX_VALUE);
        return names.size() - 1;
    }

    /** Declares that {@code from} may send to {@code to} with a delay of at least {@code minDelayPs}. */
    public ModelBuilder connect(int from, int to, long minDelayPs) {
        check(from);
        check(to);
        if (minDelayPs <= 0) {
            throw new IllegalArgumentException("connection " + names.get(from) + " -> " + names.get(to)
                    + " needs a positive minimum delay, got " + minDelayPs + "ps");
        }
        explicit.get(from).merge(to, minDelayPs, Math::min);
        return this;
    }

    /** Declares that {@code from} may send to any component with a delay of at least {@code minDelayPs}. */
    public ModelBuilder connectToAll(int from, long minDelayPs) {
        check(from);
        if (minDelayPs <= 0) {
            throw new IllegalArgumentException(names.get(from) + " needs a positive minimum delay, got " + minDelayPs + "ps");
        }
        toAny.set(from, Math.min(toAny.get(from), minDelayPs));
        return this;
    }

    public int size() {
        return names.size();
    }

    public Model build() {
        List<Connections> conns = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            TreeMap<Integer, Long> m = explicit.get(i);
            int[] targets = new int[m.size()];
            long[] mins = new long[m.size()];
            int k = 0;
            for (Map.Entry<Integer, Long> e : m.entrySet()) {
                targets[k] = e.getKey();
                mins[k++] = e.getValue();
            }
            conns.add(new Connections(targets, mins, toAny.get(i)));
        }
        return new Model(names, factories, conns);
    }

    private void check(int id) {
        if (id < 0 || id >= names.size()) {
            throw new IllegalArgumentException("no component with id " + id);
        }
    }
}
