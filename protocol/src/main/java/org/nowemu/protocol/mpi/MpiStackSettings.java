package org.nowemu.protocol.mpi;

import java.util.Set;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.fm.fm1.Fm1System;
import org.nowemu.protocol.fm.fm2.Fm2System;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.SystemSettings;
import org.nowemu.protocol.system.Systems;

/**
 * An MPI stack: the FM stack it is layered on (its entry's {@code over}, a stack of system fm1 or fm2, whose
 * settings it runs with) and the MPI layer's own settings ({@code nowemu.protocol.mpi}).
 *
 * @param name    the stack
 * @param fm      the settings of the FM stack underneath
 * @param overFm2 whether that stack is FM 2.x (else FM 1.x)
 * @param mpi     the MPI layer's settings
 */
public record MpiStackSettings(String name, FmSettings fm, boolean overFm2, MpiSettings mpi)
        implements SystemSettings {
    /** Stack {@code stack}, an entry of system mpi. */
    public static MpiStackSettings read(ConfigReader r, String stack, HardwareProfile profile) {
        StackEntry.only(r, stack, Set.of("over"));
        String key = StackEntry.key(stack, "over");
        String over = r.string(key);
        if (!r.config().hasPath(StackEntry.ROOT + "." + over)) {
            throw r.bad(key, "no protocol stack '" + over + "' to run over (name a stack of system fm1 or fm2)");
        }
        CommSystem<?, ?> fm = Systems.named(r, StackEntry.key(over, "system"));
        if (fm != Fm1System.INSTANCE && fm != Fm2System.INSTANCE) {
            throw r.bad(key, "stack '" + over + "' runs system " + fm.name() + "; MPI runs over fm1 or fm2");
        }
        FmSettings s = fm == Fm2System.INSTANCE ? Fm2System.INSTANCE.settings(r, over, profile)
                : Fm1System.INSTANCE.settings(r, over, profile);
        return new MpiStackSettings(stack, s, fm == Fm2System.INSTANCE, MpiSettings.read(r));
    }

    /** MPI over FM never resends: a run with faults needs no time after its traffic. */
    @Override
    public long settlePs() {
        return 0;
    }
}
