package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.Origins;

/**
 * Refuses keys nobody reads: every key under {@code nowemu} must exist in some reference.conf, unless it sits
 * inside a section the reference leaves open ({@code {}}); user files and {@code --set} may only set keys
 * under {@code nowemu} and {@code pekko}. A misspelt key is an error naming it and where it was set, not a
 * silent default.
 */
final class KnownKeys {
    private static final Set<String> ROOTS = Set.of("nowemu", "pekko");

    private KnownKeys() {
    }

    /** Checks the top-level keys of the user's layers (a misspelt root like "nowmeu" would escape the rest). */
    static void checkRoots(Config... layers) {
        for (Config layer : layers) {
            for (String root : new TreeSet<>(layer.root().keySet())) {
                if (!ROOTS.contains(root)) {
                    ConfigValue v = layer.root().get(root);
                    throw new BadInputException("unknown key " + firstPath(root, v) + " (" + Origins.describe(v.origin())
                            + "); nowemu's keys start with nowemu.");
                }
            }
        }
    }

    /** Checks every key under {@code nowemu} of the merged configuration against the reference. */
    static void check(Config merged, Config reference) {
        if (!merged.hasPath("nowemu")) {
            return;
        }
        TreeMap<String, ConfigValue> unknown = new TreeMap<>();
        for (Map.Entry<String, ConfigValue> e : merged.getConfig("nowemu").entrySet()) {
            String path = "nowemu." + e.getKey();
            if (!reference.hasPathOrNull(path) && !insideOpenSection(path, reference)) {
                unknown.put(path, e.getValue());
            }
        }
        if (!unknown.isEmpty()) {
            var first = unknown.firstEntry();
            wrongShape(first.getKey(), first.getValue(), reference);
            throw new BadInputException("unknown key " + first.getKey() + " (" + Origins.describe(first.getValue().origin())
                    + "); every key lives in a module's reference.conf");
        }
    }

    /**
     * An unknown key below a key the reference holds as a value, not a section ({@code nowemu.faults.at} where
     * {@code nowemu.faults} is a list): the user gave an object where a value belongs; say that, not "unknown key".
     */
    private static void wrongShape(String path, ConfigValue value, Config reference) {
        String p = path;
        for (int dot = p.lastIndexOf('.'); dot > 0; dot = p.lastIndexOf('.')) {
            p = p.substring(0, dot);
            if (reference.hasPathOrNull(p)) {
                ConfigValue ref = reference.getValue(p);
                if (ref.valueType() == com.typesafe.config.ConfigValueType.OBJECT) {
                    return;
                }
                String expected = ref.valueType() == com.typesafe.config.ConfigValueType.LIST
                        ? "a list [...]" + (ref.unwrapped() instanceof java.util.List<?> l && l.isEmpty()
                                && p.equals("nowemu.faults") ? " of faults, e.g. [{fault = cut-link, element = h1, at = 1ms}]" : "")
                        : "a " + ref.valueType().name().toLowerCase(java.util.Locale.ROOT);
                throw new BadInputException(p + ": expected " + expected + ", got an object ("
                        + Origins.describe(value.origin()) + ")");
            }
        }
    }

    /** Sections where an experiment may add entries of its own (a new stack, a new cost table). */
    private static final java.util.List<String> EXTENSIBLE = java.util.List.of("nowemu.protocol.stacks.",
            "nowemu.protocol.costs.", "nowemu.fault-campaign.cases.");

    /**
     * Keys below an object that reference.conf declares empty ({@code {}}) are free-form, and so is a new entry of
     * an extensible section (its keys are checked when it is used); a misspelt key inside an existing entry is not.
     */
    private static boolean insideOpenSection(String path, Config reference) {
        for (String section : EXTENSIBLE) {
            if (path.startsWith(section)) {
                int dot = path.indexOf('.', section.length());
                String entry = dot < 0 ? path : path.substring(0, dot);
                if (!reference.hasPath(entry)) {
                    return true;
                }
            }
        }
        String p = path;
        for (int dot = p.lastIndexOf('.'); dot > 0; dot = p.lastIndexOf('.')) {
            p = p.substring(0, dot);
            if (reference.hasPath(p)) {
                ConfigValue v = reference.getValue(p);
                return v instanceof ConfigObject o && o.isEmpty();
            }
        }
        return false;
    }

    /** The first leaf path under {@code prefix}, in key order, to name in a message. */
    private static String firstPath(String prefix, ConfigValue v) {
        if (v instanceof ConfigObject o && !o.isEmpty()) {
            String k = new TreeSet<>(o.keySet()).first();
            return firstPath(prefix + "." + k, o.get(k));
        }
        return prefix;
    }
}
