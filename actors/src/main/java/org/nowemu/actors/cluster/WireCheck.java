package org.nowemu.actors.cluster;

import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.TopologyPlacement;
import org.nowemu.actors.wire.WireRegistry;

/**
 * Before a run starts on several members: every component that sends along a cut connection must have declared
 * its message classes ({@code ModelBuilder.carries}), and each of them, with the concrete classes of their
 * fields (records are followed field by field, arrays to their elements), must be in the wire's class table.
 * So a missing registration stops the run at once with the class's name, not mid-run.
 */
final class WireCheck {
    private WireCheck() {
    }

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
                String problem = check(c, registry, checked, model.name(id));
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    private static String check(Class<?> c, WireRegistry registry, Set<Class<?>> checked, String sender) {
        if (c.isPrimitive() || c == String.class || !checked.add(c)) {
            return null;
        }
        if (c.isArray()) {
            if (!c.getComponentType().isPrimitive() && registry.idOf(c) < 0) {
                return unregisteredMessage(c, sender);
            }
            return check(c.getComponentType(), registry, checked, sender);
        }
        boolean concrete = !c.isInterface() && !Modifier.isAbstract(c.getModifiers());
        if (!concrete) {
            return null; // only a value's concrete class can be checked, and Kryo will name it if it is missing
        }
        if (registry.idOf(c) < 0) {
            return unregisteredMessage(c, sender);
        }
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                String problem = check(rc.getType(), registry, checked, sender);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    private static String unregisteredMessage(Class<?> c, String sender) {
        return "class '" + c.getName() + "', which " + sender + " may send to another member, is not registered for"
                + " the wire; add it to " + WireRegistry.CLASSES_KEY + " (the same list on every member)";
    }
}
