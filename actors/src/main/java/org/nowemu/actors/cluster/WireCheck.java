package org.nowemu.actors.cluster;

import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.runtime.TopologyPlacement;
import org.nowemu.actors.wire.WireRegistry;

/**
 * Before a run starts on several members: every component that sends along a cut connection must have declared
 * its message classes ({@code ModelBuilder.carries}), and each of them, with the concrete classes of their
 * fields (records are followed field by field, arrays to their elements), must be in the wire's class table.
 * So a missing registration stops the run at once with the class's name, not mid-run. At the end, the same for
 * the outcomes in the member's reports ({@code Component.outcome}), which only then are known: a report Artery
 * could not write would be dropped and leave the run waiting for it.
 */
final class WireCheck {
    private WireCheck() {
    }

    private static final Set<Class<?>> BOXES = Set.of(Integer.class, Long.class, Short.class, Byte.class,
            Character.class, Boolean.class, Float.class, Double.class);

    /** The first problem found, or null. */
    static String unregistered(Model model, TopologyPlacement split, WireRegistry registry) {
        if (split.placement().partitions() < 2) {
            return null;
        }
        Set<Class<?>> checked = new HashSet<>();
        for (int id : split.senders(model)) {
            List<Class<?>> carries = model.carries(id);
            if (carries.isEmpty()) {
                return "component " + model.name(id) + " (id " + id + ") sends to another member but declares no"
                        + " message classes (ModelBuilder.carries), so they cannot be checked for the wire";
            }
            for (Class<?> c : carries) {
                Class<?> missing = missing(c, registry, checked);
                if (missing != null) {
                    return "class '" + missing.getName() + "', which " + model.name(id) + " may send to another"
                            + " member, is not registered for the wire; add it to " + WireRegistry.CLASSES_KEY
                            + " (the same list on every member)";
                }
            }
        }
        return null;
    }

    /** Reports ready for the wire, and the failure to report with them (null if none). */
    record Checked(List<ComponentReport> reports, RunFailure failure) {
    }

    /**
     * {@code reports} as they are if every outcome's class, with those of its fields, is registered; otherwise
     * without any outcome, and {@code failure} replaced by one naming the first such outcome if that is earlier.
     */
    static Checked outcomes(List<ComponentReport> reports, WireRegistry registry, RunFailure failure) {
        Set<Class<?>> checked = new HashSet<>();
        RunFailure first = failure;
        boolean strip = false;
        for (ComponentReport r : reports) {
            for (Object o : r.outcomes()) {
                Class<?> missing = missing(o.getClass(), registry, checked);
                if (missing != null) {
                    strip = true;
                    RunFailure f = new RunFailure(r.lastTime(), r.id(), r.name(), "its outcome "
                            + o.getClass().getName() + " cannot cross to another member: class '" + missing.getName()
                            + "' is not registered for the wire; add it to " + WireRegistry.CLASSES_KEY);
                    if (f.before(first)) {
                        first = f;
                    }
                }
            }
        }
        if (!strip) {
            return new Checked(reports, failure);
        }
        List<ComponentReport> out = new ArrayList<>(reports.size());
        for (ComponentReport r : reports) {
            out.add(r.outcomes().isEmpty() ? r : r.withOutcomes(new ArrayList<>()));
        }
        return new Checked(out, first);
    }

    /** {@code c} or the class of one of its parts if not in the table, else null. */
    private static Class<?> missing(Class<?> c, WireRegistry registry, Set<Class<?>> checked) {
        // Kryo itself registers String and the primitives' wrappers.
        if (c.isPrimitive() || c == String.class || BOXES.contains(c) || !checked.add(c)) {
            return null;
        }
        if (c.isArray()) {
            if (!c.getComponentType().isPrimitive() && registry.idOf(c) < 0) {
                return c;
            }
            return missing(c.getComponentType(), registry, checked);
        }
        boolean concrete = !c.isInterface() && !Modifier.isAbstract(c.getModifiers());
        if (!concrete) {
            return null; // only a value's concrete class can be checked, and Kryo will name it if it is missing
        }
        if (registry.idOf(c) < 0) {
            return c;
        }
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                Class<?> problem = missing(rc.getType(), registry, checked);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }
}
