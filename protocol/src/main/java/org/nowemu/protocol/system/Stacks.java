package org.nowemu.protocol.system;

import java.util.List;
import java.util.TreeSet;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.AmSystem;
import org.nowemu.protocol.am.stack.StackSettings;

/**
 * The registry of protocol stacks. A stack is a named entry under {@code nowemu.protocol.stacks} that names its
 * communication system ({@code system}, one of {@link Systems}) and gives that system's options and cost table, so
 * the stacks of the published study (amii, amii_norel, amii_noprot, amii_base, gam: system {@code am}) sit in
 * {@code reference.conf} and an experiment file can define its own.
 */
public final class Stacks {
    private static final String STACKS = StackSettings.ROOT + ".stacks";

    private Stacks() {
    }

    /** Names of the stacks the configuration defines, sorted. */
    public static List<String> names(ConfigReader r) {
        return List.copyOf(new TreeSet<>(r.config().getConfig(STACKS).root().keySet()));
    }

    /**
     * The stack {@code name}, of whatever system; an unknown one is bad input naming {@code key}, where the name was
     * given.
     */
    public static Stack<?, ?> stack(ConfigReader r, String key, String name, HardwareProfile profile) {
        return Stack.read(system(r, key, name), r, name, profile);
    }

    /** The stack named by {@code nowemu.protocol.stack}. */
    public static Stack<?, ?> selected(ConfigReader r, HardwareProfile profile) {
        String key = StackSettings.ROOT + ".stack";
        return stack(r, key, r.string(key), profile);
    }

    /** The system of stack {@code name} (bad input naming {@code key} if there is no such stack). */
    public static CommSystem<?, ?> system(ConfigReader r, String key, String name) {
        List<String> known = names(r);
        if (!known.contains(name)) {
            throw r.bad(key, "unknown protocol stack '" + name + "' (known: " + String.join(", ", known) + ")");
        }
        return Systems.named(r, STACKS + "." + name + ".system");
    }

    /**
     * The Active Messages stack {@code name} (AM-II or GAM), for workloads whose programs are AM programs; a stack
     * of another system is bad input naming {@code key}.
     */
    public static StackSettings named(ConfigReader r, String key, String name, int maxPacket) {
        CommSystem<?, ?> system = system(r, key, name);
        if (system != AmSystem.INSTANCE) {
            throw r.bad(key, "protocol stack '" + name + "' runs the " + system.name()
                    + " system, and this runs AM-II programs: name a stack of system " + AmSystem.INSTANCE.name());
        }
        return StackSettings.read(r, name, maxPacket);
    }
}
