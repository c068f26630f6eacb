package org.nowemu.protocol.parts.system;

import java.util.List;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.SystemSettings;

/**
 * What every comparison system with one process per host has in common, so that its class says only what it
 * decides: its name, program type, one-line description and design choices are given once; a stack is checked for
 * the ledger's id layout and for its firmware's SRAM ({@link #sramNeeded}, under {@code nowemu.protocol.<name>});
 * a host runs its one program as the process {@link #process} makes ({@link OneProcess}).
 */
public abstract class OneProcessSystem<S extends SystemSettings, P> implements CommSystem<S, P> {
    private final String name;
    private final Class<P> programType;
    private final String description;
    private final DesignChoices choices;

    protected OneProcessSystem(String name, Class<P> programType, String description, DesignChoices choices) {
        this.name = name;
        this.programType = programType;
        this.description = description;
        this.choices = choices;
    }

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

    /** SRAM the firmware's tables and buffers take for stack {@code s} on a cluster of {@code hosts} (bytes). */
    protected abstract long sramNeeded(S s, HardwareProfile profile, int hosts);

    /** The process that runs {@code program} on {@code host}. */
    protected abstract LibraryThread process(S s, HostSetup host, P program);

    /** What else stack {@code s} needs of a cluster of {@code hosts}, checked before its SRAM (bad input if not). */
    protected void checkStack(S s, int hosts) {
    }

    @Override
    public void check(S s, Topology topology, HardwareProfile profile) {
        int hosts = topology.hosts().size();
        MessageIds.check(hosts);
        checkStack(s, hosts);
        OneProcess.checkSram(profile, "nowemu.protocol." + name, s.name(), sramNeeded(s, profile, hosts));
    }

    @Override
    public final List<Part> hostParts(S s, HostSetup host, List<P> programs) {
        return OneProcess.parts(host, name, programs, p -> process(s, host, p));
    }
}
