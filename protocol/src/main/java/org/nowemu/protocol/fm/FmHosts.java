package org.nowemu.protocol.fm;

import java.util.List;
import java.util.function.Function;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.system.OneProcess;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * What the systems on Fast Messages share on a cluster (FM 1.x, FM 2.x, and MPI over either): each NIC runs
 * {@link FmFirmware}, each host with a program runs it as one {@link FmProcess} ({@code h3.p0}) whose body builds
 * the API the program is written against (FM 1.x, FM 2.x, or MPI over one of them) and runs it.
 */
public final class FmHosts {
    private FmHosts() {
    }

    /**
     * The cluster is refused, as bad input, if the firmware's SRAM does not go round its hosts; that the receive
     * slots give every host of the job a credit is checked as each host is set up, when the job is known.
     */
    public static void check(FmSettings s, Topology topology, HardwareProfile profile) {
        int hosts = topology.hosts().size();
        MessageIds.check(hosts);
        OneProcess.checkSram(profile, "nowemu.protocol.fm", s.name(), FmFirmware.sramNeeded(s, hosts));
    }

    public static Firmware firmware(FmSettings s, Routes routes) {
        return new FmFirmware(s, routes);
    }

    /**
     * The host's one process, running {@code programs.get(0)} as {@code body} makes it an FM process body.
     *
     * @param system the system's name, for messages
     */
    public static <P> List<Part> parts(FmSettings s, HostSetup host, String system, List<P> programs,
                                       Function<P, FmProcess.Body> body) {
        return OneProcess.parts(host, system, programs,
                p -> new FmProcess(host.profile(), host.nic(), host.hosts(), s, body.apply(p)));
    }

    /** What {@code ./nowemu list} says of FM stack {@code stack}. */
    public static String describe(ConfigReader r, String stack) {
        return "packets of " + r.config().getMemorySize(StackEntry.key(stack, "packet-payload")).toBytes()
                + " B payload; shared settings nowemu.protocol.fm";
    }
}
