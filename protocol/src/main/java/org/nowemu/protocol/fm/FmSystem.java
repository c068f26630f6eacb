package org.nowemu.protocol.fm;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;

/**
 * What FM 1.x and FM 2.x have in common as systems: the same firmware ({@link FmHosts}), settings and host process;
 * they differ in the host API their programs are written against ({@link #body}) and whether messages are streams.
 *
 * @param <P> the program type of the version
 */
public abstract class FmSystem<P> implements CommSystem<FmSettings, P> {
    private final String name;
    private final Class<P> programType;
    private final boolean streams;
    private final String description;
    private final DesignChoices choices;
    private final Function<MessengerProgram, P> messenger;

    /**
     * @param streams   whether the version's messages are streams (FM 2.x) rather than whole buffers (FM 1.x)
     * @param messenger the version's program that runs a benchmark over its messenger (a named class)
     */
    protected FmSystem(String name, Class<P> programType, boolean streams, String description,
                       DesignChoices choices, Function<MessengerProgram, P> messenger) {
        this.name = name;
        this.programType = programType;
        this.streams = streams;
        this.description = description;
        this.choices = choices;
        this.messenger = messenger;
    }

    /** What FM's process runs for {@code program}: the version's library over FM's core (a named class). */
    protected abstract FmProcess.Body body(P program);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Class<P> programType() {
        return programType;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final DesignChoices choices() {
        return choices;
    }

    @Override
    public Assumptions assumptions(FmSettings s) {
        return Assumptions.losslessNetwork("FM takes its reliability from Myrinet's low bit-error rate and"
                + " back-pressure: host-level credits, no sequence numbers, ACKs or retransmission (Pakin, Lauria and"
                + " Chien, FM, 1995); what a NIC holds dies with its power");
    }

    @Override
    public final FmSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return FmSettings.read(r, stack, streams, profile.nic().maxPacketBytes());
    }

    @Override
    public final String describe(ConfigReader r, String stack) {
        return FmHosts.describe(r, stack);
    }

    @Override
    public final void check(FmSettings s, Topology topology, HardwareProfile profile) {
        FmHosts.check(s, topology, profile);
    }

    /** FM's receive slots go round the hosts of its job as credits. */
    @Override
    public final FmSettings forJob(FmSettings s, int peers) {
        return s.forJob(peers);
    }

    @Override
    public final Firmware firmware(FmSettings s, NicParts nic, Routes routes) {
        return FmHosts.firmware(s, routes);
    }

    @Override
    public final List<Part> hostParts(FmSettings s, HostSetup host, List<P> programs) {
        return FmHosts.parts(s, host, name, programs, this::body);
    }

    @Override
    public boolean hasMessenger() {
        return true;
    }

    @Override
    public final Optional<P> messengerProgram(FmSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(messenger.apply(body));
    }
}
