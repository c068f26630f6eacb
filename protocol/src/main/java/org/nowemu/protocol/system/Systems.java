package org.nowemu.protocol.system;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.am.AmSystem;
import org.nowemu.protocol.basic.BasicSystem;
import org.nowemu.protocol.bip.BipSystem;
import org.nowemu.protocol.fm.fm1.Fm1System;
import org.nowemu.protocol.fm.fm2.Fm2System;
import org.nowemu.protocol.mpi.MpiSystem;
import org.nowemu.protocol.trapeze.TrapezeSystem;
import org.nowemu.protocol.unet.UnetSystem;
import org.nowemu.protocol.vmmc.VmmcSystem;
import org.nowemu.protocol.vmmc2.Vmmc2System;

/**
 * The registry of communication systems, by name. Adding a system is one line here (and its stacks in
 * {@code nowemu.protocol.stacks}, each naming it with {@code system = <name>}).
 */
public final class Systems {
    private static final List<CommSystem<?, ?>> ALL = List.of(
            AmSystem.INSTANCE,
            BasicSystem.INSTANCE,
            Fm1System.INSTANCE,
            Fm2System.INSTANCE,
            MpiSystem.INSTANCE,
            BipSystem.INSTANCE,
            org.nowemu.protocol.pm.PmSystem.INSTANCE,
            org.nowemu.protocol.hamlyn.HamlynSystem.INSTANCE,
            org.nowemu.protocol.lfc.LfcSystem.INSTANCE,
            org.nowemu.protocol.fmmc.FmMcSystem.INSTANCE,

            TrapezeSystem.INSTANCE,
            UnetSystem.INSTANCE,
            VmmcSystem.INSTANCE,
            Vmmc2System.INSTANCE);

    private Systems() {
    }

    /** Every system, in registry order. */
    public static List<CommSystem<?, ?>> all() {
        return ALL;
    }

    /** The system named at {@code key} (a stack's {@code system} key): bad input naming the key if none is. */
    public static CommSystem<?, ?> named(ConfigReader r, String key) {
        List<String> known = ALL.stream().map(CommSystem::name).toList();
        if (!r.config().hasPath(key)) {
            throw r.bad(key, "missing: name the communication system the stack runs (known: "
                    + String.join(", ", known) + ")");
        }
        String name = r.string(key);
        for (CommSystem<?, ?> s : ALL) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw r.bad(key, "unknown communication system '" + name + "' (known: " + String.join(", ", known) + ")");
    }
}
