package org.nowemu.protocol.parts.system;

import java.util.List;
import java.util.function.Function;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.system.HostSetup;

/**
 * The host side of a comparison system (basic, FM, MPI over FM): these systems have no protection, so a host runs
 * at most one process ({@code h3.p0}) on the system's library, and a host without a program has its NIC alone. The
 * NICs start with the topology's shortest routes (the comparison systems need no mapper, systems §0.3),
 * which {@code SystemCluster} gives every firmware. The process crashes when the fault schedule says
 * ({@code crash-process}, element {@code h3.p0}; {@link LibraryThread}), and its ledger page knows what its stack
 * assumes away.
 */
public final class OneProcess {
    private OneProcess() {
    }

    /**
     * The host's one process running {@code programs.get(0)}, or nothing for no program; more than one is bad input.
     *
     * @param system  the system's name, for the message
     * @param process makes the process of a program
     */
    public static <P> List<Part> parts(HostSetup host, String system, List<P> programs,
                                       Function<P, ? extends LibraryThread> process) {
        if (programs.isEmpty()) {
            return List.of();
        }
        if (programs.size() > 1) {
            throw new BadInputException(host.name() + ": " + programs.size() + " processes on a host running "
                    + system + ", which has no protection: one process per NIC");
        }
        P program = programs.get(0);
        long crash = host.crashOf(0);
        String stack = host.stack();
        org.nowemu.actors.runtime.Exposures exposures = host.exposures();
        return List.of(new Part("p0", () -> {
            LibraryThread t = process.apply(program);
            t.crashesAt(crash);
            t.assumes(stack, exposures);
            return t;
        }));
    }

    /**
     * Refuses, as bad input naming {@code key}, a firmware whose tables and buffers ({@code needed} bytes) do not fit
     * the profile's SRAM beside what is reserved.
     */
    public static void checkSram(HardwareProfile profile, String key, String stack, long needed) {
        long free = profile.nic().sramBytes() - profile.nic().sramReserved();
        if (needed > free) {
            throw new BadInputException(key + ": the " + stack + " firmware needs " + needed
                    + " B of SRAM for its tables and buffers, and " + free + " B are free on profile "
                    + profile.name() + " (sram minus sram-reserved)");
        }
    }
}
