package org.nowemu.protocol.stack;

import java.util.List;
import java.util.TreeSet;
import org.nowemu.actors.config.ConfigReader;

/**
 * The registry of protocol stacks. A stack is a named entry under {@code nowemu.protocol.stacks} (which parts of
 * the firmware run, which cost table they use), so the five of the published study (amii, amii_norel,
 * amii_noprot, amii_base, gam) sit in {@code reference.conf} and an experiment file can define its own.
 */
public final class Stacks {
    private Stacks() {
    }

    /** Names of the stacks the configuration defines, sorted. */
    public static List<String> names(ConfigReader r) {
        return List.copyOf(new TreeSet<>(r.config().getConfig(StackSettings.ROOT + ".stacks").root().keySet()));
    }

    /** The stack named by {@code nowemu.protocol.stack}. */
    public static StackSettings selected(ConfigReader r, int maxPacket) {
        return named(r, StackSettings.ROOT + ".stack", r.string(StackSettings.ROOT + ".stack"), maxPacket);
    }

    /**
     * The stack {@code name}; an unknown one is bad input naming {@code key}, where the name was given.
     */
    public static StackSettings named(ConfigReader r, String key, String name, int maxPacket) {
        List<String> known = names(r);
        if (!known.contains(name)) {
            throw r.bad(key, "unknown protocol stack '" + name + "' (known: " + String.join(", ", known) + ")");
        }
        return StackSettings.read(r, name, maxPacket);
    }
}
