package org.nowemu.protocol.system;

import java.util.Set;
import java.util.TreeSet;
import org.nowemu.actors.config.ConfigReader;

/**
 * A stack's entry under {@code nowemu.protocol.stacks}, as its system reads it: the full key of each of its
 * options, and a check that it holds no option its system does not read, so that a misspelt option in an
 * experiment's own stack is one line of bad input rather than a value silently left out.
 */
public final class StackEntry {
    /** Where the stacks are. */
    public static final String ROOT = "nowemu.protocol.stacks";

    private StackEntry() {
    }

    /** The key of option {@code option} of stack {@code stack}. */
    public static String key(String stack, String option) {
        return ROOT + "." + stack + "." + option;
    }

    /** Refuses, naming it, a key of stack {@code stack}'s entry other than {@code system} and {@code options}. */
    public static void only(ConfigReader r, String stack, Set<String> options) {
        for (String k : new TreeSet<>(r.config().getConfig(ROOT + "." + stack).root().keySet())) {
            if (!k.equals("system") && !options.contains(k)) {
                throw r.bad(key(stack, k), "not an option of system " + r.string(key(stack, "system"))
                        + " (its options: " + String.join(", ", new TreeSet<>(options)) + ")");
            }
        }
    }
}
