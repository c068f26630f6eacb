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
    private final List<Integer> groups = new ArrayList<>();
    private final List<List<Class<?>>> carries = new ArrayList<>();

    /** Adds a component and returns its id (ids are consecutive from 0 in the order of adding). */
    public int add(String name, Supplier<? extends Component> factory) {
        names.add(name);
        factories.add(factory);
        explicit.add(new TreeMap<>());
        toAny.add(Long.MAX_VALUE);
        groups.add(-1);
        carries.add(List.of());
        return names.size() - 1;
    }

    /**
     * Puts {@code id} in placement group {@code group} (>= 0): components of one group always run in the same
     * JVM (a switch with its hosts, say), so only connections between groups may cross between JVMs.
     */
    public ModelBuilder group(int id, int group) {
        check(id);
        if (group < 0) {
            throw new IllegalArgumentException("group of " + names.get(id) + " must be >= 0, got " + group);
        }
        groups.set(id, group);
        return this;
    }

    /**
     * Declares the message classes {@code id} sends to other components, so that a run over several JVMs can
     * check, before it starts, that each class that may cross between them is registered for the wire.
     */
    public ModelBuilder carries(int id, Class<?>... classes) {
        check(id);
        carries.set(id, List.of(classes));
        return this;
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
        int[] g = new int[groups.size()];
        for (int i = 0; i < g.length; i++) {
            g[i] = groups.get(i);
        }
        return new Model(names, factories, conns, g, carries);
    }

    private void check(int id) {
        if (id < 0 || id >= names.size()) {
            throw new IllegalArgumentException("no component with id " + id);
        }
    }
}
