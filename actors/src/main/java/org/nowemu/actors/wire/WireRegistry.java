package org.nowemu.actors.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Event;

/**
 * The wire's class table: every class that may cross between JVMs, in order, each with a fixed Kryo id.
 * First come the runtime's own classes ({@link #runtimeClasses()}), then the classes listed in
 * {@code nowemu.wire.classes}, in list order. Ids are positional, starting at {@link #BASE_ID}, so two members
 * agree on the ids exactly when they run the same build with the same list; nothing else is negotiated.
 * Builds the {@link Kryo} instances that {@link KryoSerializer} pools.
 */
public final class WireRegistry {
    /** The configuration key listing the extra classes. */
    public static final String CLASSES_KEY = "nowemu.wire.classes";

    /**
     * Id of the first class in the table (100). Kryo's constructor registers the primitives, their wrappers and
     * String at ids 0..9; starting well above leaves those in place and leaves room should Kryo add more.
     */
    public static final int BASE_ID = 100;

    // Fixed order: appending is safe for a new build, reordering or inserting changes every later id.
    private static final List<Class<?>> RUNTIME_CLASSES = List.of(
            Event.class,
            ArrayList.class,
            Collections.emptyList().getClass(),
            String[].class,
            byte[].class,
            int[].class,
            long[].class,
            double[].class,
            boolean[].class,
            java.util.TreeMap.class,
            org.HdrHistogram.Histogram.class,
            org.nowemu.actors.runtime.ComponentReport.class,
            org.nowemu.actors.trace.TraceEntry.class,
            org.nowemu.actors.runtime.RunFailure.class,
            ActorRefs.ADAPTER,
            org.nowemu.actors.runtime.LedgerEntries.class);

    private final List<Class<?>> classes;

    private WireRegistry(List<Class<?>> extra) {
        List<Class<?>> all = new ArrayList<>(RUNTIME_CLASSES);
        all.addAll(extra);
        this.classes = List.copyOf(all);
    }

    /** The runtime's own classes, at ids {@code BASE_ID, BASE_ID + 1, ...}. */
    public static List<Class<?>> runtimeClasses() {
        return RUNTIME_CLASSES;
    }

    /** The runtime's classes followed by {@code extra}, in order; for tests and embedders without a config. */
    public static WireRegistry of(List<Class<?>> extra) {
        String problem = duplicateIn(extra);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return new WireRegistry(extra);
    }

    public static WireRegistry of(Class<?>... extra) {
        return of(List.of(extra));
    }

    /** Reads {@code nowemu.wire.classes}, loading each class with the thread's context class loader. */
    public static WireRegistry from(Config config) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return from(config, loader != null ? loader : WireRegistry.class.getClassLoader());
    }

    /**
     * Reads {@code nowemu.wire.classes}, loading each class with {@code loader}. A class that cannot be loaded,
     * or is listed twice, is a {@link BadInputException} naming the key and the class: better to refuse to
     * start than to find out when the first message of that class is sent.
     */
    public static WireRegistry from(Config config, ClassLoader loader) {
        ConfigReader reader = new ConfigReader(config);
        List<String> names = new ArrayList<>();
        try {
            if (config.getValue(CLASSES_KEY).valueType() == com.typesafe.config.ConfigValueType.OBJECT) {
                // One list per module, taken in the order of the module names: the same on every member.
                Config lists = config.getConfig(CLASSES_KEY);
                for (String module : new java.util.TreeSet<>(config.getObject(CLASSES_KEY).keySet())) {
                    names.addAll(lists.getStringList(com.typesafe.config.ConfigUtil.quoteString(module)));
                }
            } else {
                names.addAll(config.getStringList(CLASSES_KEY));
            }
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        List<Class<?>> extra = new ArrayList<>(names.size());
        for (String name : names) {
            try {
                // No static initialisation: listing a class must not run its code.
                extra.add(Class.forName(name.trim(), false, loader));
            } catch (ClassNotFoundException | LinkageError e) {
                throw reader.bad(CLASSES_KEY, "cannot load class '" + name + "' (" + e.getClass().getSimpleName()
                        + "); give its binary name, e.g. org.example.Outer$Inner, and put it on every member's"
                        + " class path");
            }
        }
        String problem = duplicateIn(extra);
        if (problem != null) {
            throw reader.bad(CLASSES_KEY, problem);
        }
        return new WireRegistry(extra);
    }

    private static String duplicateIn(List<Class<?>> extra) {
        Set<Class<?>> seen = new HashSet<>(RUNTIME_CLASSES);
        for (Class<?> c : extra) {
            if (!seen.add(c)) {
                // A second registration would silently move the class to a later id on this member only.
                return RUNTIME_CLASSES.contains(c)
                        ? "class '" + c.getName() + "' is already carried by the runtime; remove it from the list"
                        : "class '" + c.getName() + "' is listed twice; list each class once";
            }
        }
        return null;
    }

    /** Every registered class in id order: index {@code i} has id {@code BASE_ID + i}. */
    public List<Class<?>> classes() {
        return classes;
    }

    /** The Kryo id of {@code type}, or -1 if it is not in the table. */
    public int idOf(Class<?> type) {
        int i = classes.indexOf(type);
        return i < 0 ? -1 : BASE_ID + i;
    }

    /** A fresh Kryo with registration required and every class of the table at its id. Not thread-safe. */
    Kryo newKryo() {
        return newKryo(null);
    }

    /**
     * As {@link #newKryo()}; typed actor references are written as {@code resolver}'s strings (without one, a
     * message holding a reference cannot be written).
     */
    Kryo newKryo(java.util.function.Supplier<org.apache.pekko.actor.typed.ActorRefResolver> resolver) {
        Kryo kryo = new WireKryo();
        kryo.setRegistrationRequired(true);
        // Messages are trees of values; reference tracking would cost a map lookup per object for nothing.
        kryo.setReferences(false);
        for (int i = 0; i < classes.size(); i++) {
            Class<?> type = classes.get(i);
            if (type == Event.class) {
                kryo.register(Event.class, new EventSerializer(), BASE_ID + i);
            } else if (type == org.HdrHistogram.Histogram.class) {
                kryo.register(type, new HistogramSerializer(), BASE_ID + i);
            } else if (type == ActorRefs.ADAPTER) {
                kryo.register(type, new ActorRefs.RefSerializer(resolver), BASE_ID + i);
            } else {
                kryo.register(type, BASE_ID + i);
            }
        }
        return kryo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WireRegistry other && classes.equals(other.classes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(classes);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("WireRegistry[");
        for (int i = 0; i < classes.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(BASE_ID + i).append('=').append(classes.get(i).getName());
        }
        return b.append(']').toString();
    }

    /** Kryo whose refusal of an unregistered class tells the user which key to change. */
    private static final class WireKryo extends Kryo {
        @Override
        @SuppressWarnings("rawtypes") // Kryo declares the parameter raw; Class<?> would not override it.
        protected String unregisteredClassMessage(Class type) {
            // getName() is what Class.forName accepts, so the name can be pasted into the list as is.
            return "class '" + type.getName() + "' is not registered for the wire; add it to " + CLASSES_KEY
                    + " (the same list, in the same order, on every member)";
        }
    }

    /**
     * {@link Event} has final fields and no no-arg constructor, so it is written field by field and rebuilt
     * through its constructor rather than by reflection. Varints: source, target and sequence are small, and
     * time fits in fewer than 8 bytes for any realistic run.
     */
    private static final class EventSerializer extends Serializer<Event> {
        EventSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output output, Event e) {
            output.writeVarLong(e.time(), true);
            output.writeVarInt(e.source(), true);
            output.writeVarLong(e.sequence(), true);
            output.writeVarInt(e.target(), true);
            kryo.writeClassAndObject(output, e.payload());
        }

        @Override
        public Event read(Kryo kryo, Input input, Class<? extends Event> type) {
            long time = input.readVarLong(true);
            int source = input.readVarInt(true);
            long sequence = input.readVarLong(true);
            int target = input.readVarInt(true);
            Object payload = kryo.readClassAndObject(input);
            return new Event(time, source, sequence, target, payload);
        }
    }
}
