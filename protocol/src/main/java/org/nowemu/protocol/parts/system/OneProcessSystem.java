package org.nowemu.protocol.parts.system;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.SystemSettings;

/**
 * What every comparison system with one process per host has in common, so that its class says only what it
 * decides: it declares its parts once ({@link SystemSpec}); a stack is checked for the ledger's id layout and for
 * its firmware's SRAM ({@link #sramNeeded}, under {@code nowemu.protocol.<name>}); a host runs its one program as
 * the spec's process ({@link OneProcess}).
 */
public abstract class OneProcessSystem<S extends SystemSettings, P> implements CommSystem<S, P> {
    private final SystemSpec<S, P> spec;

    protected OneProcessSystem(SystemSpec<S, P> spec) {
        this.spec = spec;
        Objects.requireNonNull(spec.settings, "settings");
        Objects.requireNonNull(spec.firmware, "firmware");
        Objects.requireNonNull(spec.process, "process");
        Objects.requireNonNull(spec.describer, "describe");
    }

    @Override
    public final String name() {
        return spec.name;
    }

    @Override
    public final Class<P> programType() {
        return spec.programType;
    }

    @Override
    public final String description() {
        return spec.description;
    }

    @Override
    public final DesignChoices choices() {
        return spec.choices;
    }

    @Override
    public Assumptions assumptions(S s) {
        return spec.assumptions;
    }

    @Override
    public final String describe(ConfigReader r, String stack) {
        return spec.describer.describe(r, stack);
    }

    @Override
    public final S settings(ConfigReader r, String stack, HardwareProfile profile) {
        return spec.settings.read(r, stack, profile);
    }

    @Override
    public final Firmware firmware(S s, NicParts nic, Routes routes) {
        return spec.firmware.make(s, routes);
    }

    @Override
    public final Optional<P> messengerProgram(S s, int maxBytes, MessengerProgram body) {
        return spec.messenger == null ? Optional.empty() : Optional.of(spec.messenger.make(s, maxBytes, body));
    }

    @Override
    public final boolean hasMessenger() {
        return spec.messenger != null;
    }

    /** SRAM the firmware's tables and buffers take for stack {@code s} on a cluster of {@code hosts} (bytes). */
    protected long sramNeeded(S s, HardwareProfile profile, int hosts) {
        return spec.sram.needed(s, hosts);
    }

    /** What else stack {@code s} needs of a cluster of {@code hosts}, checked before its SRAM (bad input if not). */
    protected void checkStack(S s, int hosts) {
    }

    @Override
    public void check(S s, Topology topology, HardwareProfile profile) {
        int hosts = topology.hosts().size();
        MessageIds.check(hosts);
        checkStack(s, hosts);
        OneProcess.checkSram(profile, "nowemu.protocol." + spec.name, s.name(), sramNeeded(s, profile, hosts));
    }

    @Override
    public final List<Part> hostParts(S s, HostSetup host, List<P> programs) {
        return OneProcess.parts(host, spec.name, programs,
                p -> spec.process.make(host.profile(), host.nic(), host.hosts(), s, p));
    }
}
