package org.nowemu.protocol.mpi;

import java.util.List;
import java.util.Optional;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.fm.FmCore;
import org.nowemu.protocol.fm.FmHosts;
import org.nowemu.protocol.fm.FmProcess;
import org.nowemu.protocol.fm.fm1.Fm1;
import org.nowemu.protocol.fm.fm2.Fm2;
import org.nowemu.protocol.fm.fm2.Fm2Program;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * MPI over Fast Messages ({@code system = mpi}; stacks {@code mpi-fm1}, over FM 1.x, and {@code mpi-fm2}, over
 * FM 2.x): the NICs run FM's firmware, and each host with a program runs it as an FM process whose body is the MPI
 * layer over the FM API of the stack underneath and the rank's program over MPI.
 */
public final class MpiSystem implements CommSystem<MpiStackSettings, MpiProgram> {
    public static final MpiSystem INSTANCE = new MpiSystem();

    private MpiSystem() {
    }

    @Override
    public String name() {
        return "mpi";
    }

    @Override
    public Assumptions assumptions(MpiStackSettings s) {
        return Assumptions.losslessNetwork("MPI over FM relies on FM's reliable delivery, which assumes Myrinet loses"
                + " nothing (Lauria and Chien, MPI-FM, 1997)");
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("via FM (PIO)", "via FM (DMA area)", "no", "polling (MPI progress)",
                "reliable: FM's host-level credits", "none");
    }

    @Override
    public String description() {
        return "MPI over Fast Messages: point to point, eager, a posted and an unexpected queue, 24-byte header";
    }

    @Override
    public Class<MpiProgram> programType() {
        return MpiProgram.class;
    }

    @Override
    public MpiStackSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return MpiStackSettings.read(r, stack, profile);
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return "over stack " + r.config().getString(StackEntry.key(stack, "over"))
                + "; shared settings nowemu.protocol.mpi";
    }

    @Override
    public void check(MpiStackSettings s, Topology topology, HardwareProfile profile) {
        FmHosts.check(s.fm(), topology, profile);
    }

    /** FM's receive slots go round the hosts of the MPI job as credits. */
    @Override
    public MpiStackSettings forJob(MpiStackSettings s, int peers) {
        return new MpiStackSettings(s.name(), s.fm().forJob(peers), s.overFm2(), s.mpi());
    }

    @Override
    public Firmware firmware(MpiStackSettings s, NicParts nic, Routes routes) {
        return FmHosts.firmware(s.fm(), routes);
    }

    @Override
    public List<Part> hostParts(MpiStackSettings s, HostSetup host, List<MpiProgram> programs) {
        return FmHosts.parts(s.fm(), host, name(), programs,
                program -> s.overFm2() ? new Fm2Body(program, s.mpi()) : new Fm1Body(program, s.mpi()));
    }

    /** An MPI program on MPI over FM 1.x, on FM's core. */
    private record Fm1Body(MpiProgram program, MpiSettings mpi) implements FmProcess.Body {
        @Override
        @continuable
        public void run(FmProcess process, FmCore core) {
            program.run(Mpi.overFm1(process, new Fm1(process, core), mpi));
        }
    }

    /** An MPI program on MPI over FM 2.x, run as FM 2.x's program on FM's core. */
    private record Fm2Body(MpiProgram program, MpiSettings mpi) implements FmProcess.Body {
        @Override
        @continuable
        public void run(FmProcess process, FmCore core) {
            Fm2.run(process, core, new OnFm2(process, program, mpi));
        }
    }

    /** The FM 2.x program that runs an MPI program over its library. */
    private record OnFm2(FmProcess process, MpiProgram program, MpiSettings mpi) implements Fm2Program {
        @Override
        @continuable
        public void run(Fm2 f) {
            program.run(Mpi.overFm2(process, f, mpi));
        }
    }

    @Override
    public boolean hasMessenger() {
        return true;
    }

    @Override
    public Optional<MpiProgram> messengerProgram(MpiStackSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new MpiMessenger.Program(maxBytes, body));
    }
}
