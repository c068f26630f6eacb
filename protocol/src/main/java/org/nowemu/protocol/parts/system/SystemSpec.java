package org.nowemu.protocol.parts.system;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.SystemSettings;

/**
 * What a system with one process per host is made of, declared once in its class: its name, program type, lines
 * for {@code ./nowemu list}, design choices and assumptions, and the makers of its settings, firmware, process and
 * benchmark program, and of the SRAM figure its check uses. {@link OneProcessSystem} does the rest. The makers are
 * factories, never programs: a program a maker returns is a named class the weaver rewrites.
 *
 * @param <S> the system's settings
 * @param <P> its programs
 */
public final class SystemSpec<S extends SystemSettings, P> {
    /** Reads and validates a stack's settings. */
    @FunctionalInterface
    public interface SettingsReader<S> {
        S read(ConfigReader r, String stack, HardwareProfile profile);
    }

    /** SRAM the firmware's tables and buffers take for a stack on a cluster of {@code hosts} (bytes). */
    @FunctionalInterface
    public interface Sram<S> {
        long needed(S s, int hosts);
    }

    /** The firmware of one NIC, starting with its routes. */
    @FunctionalInterface
    public interface FirmwareMaker<S> {
        Firmware make(S s, Routes routes);
    }

    /** The process that runs {@code program} on a host. */
    @FunctionalInterface
    public interface ProcessMaker<S, P> {
        LibraryThread make(HardwareProfile profile, NicParts nic, int hosts, S s, P program);
    }

    /** The line {@code ./nowemu list} shows for a stack ({@code CommSystem.describe}). */
    @FunctionalInterface
    public interface Describer {
        String describe(ConfigReader r, String stack);
    }

    /** A program of the system that runs a benchmark over its messenger ({@code CommSystem.messengerProgram}). */
    @FunctionalInterface
    public interface MessengerMaker<S, P> {
        P make(S s, int maxBytes, MessengerProgram body);
    }

    final String name;
    final Class<P> programType;
    final String description;
    final DesignChoices choices;
    Assumptions assumptions = Assumptions.NONE;
    Describer describer;
    SettingsReader<S> settings;
    Sram<S> sram;
    FirmwareMaker<S> firmware;
    ProcessMaker<S, P> process;
    MessengerMaker<S, P> messenger;

    /**
     * @param name        the name stacks give in their {@code system} key
     * @param description one line for {@code ./nowemu list}
     */
    public SystemSpec(String name, Class<P> programType, String description, DesignChoices choices) {
        this.name = name;
        this.programType = programType;
        this.description = description;
        this.choices = choices;
    }

    /** What every stack of the system assumes away ({@code CommSystem.assumptions}); none if not given. */
    public SystemSpec<S, P> assumes(Assumptions a) {
        this.assumptions = a;
        return this;
    }

    public SystemSpec<S, P> describe(Describer d) {
        this.describer = d;
        return this;
    }

    public SystemSpec<S, P> settings(SettingsReader<S> reader) {
        this.settings = reader;
        return this;
    }

    public SystemSpec<S, P> sram(Sram<S> needed) {
        this.sram = needed;
        return this;
    }

    public SystemSpec<S, P> firmware(FirmwareMaker<S> maker) {
        this.firmware = maker;
        return this;
    }

    public SystemSpec<S, P> process(ProcessMaker<S, P> maker) {
        this.process = maker;
        return this;
    }

    /** The system's benchmark adapter; a system without one leaves it out. */
    public SystemSpec<S, P> messenger(MessengerMaker<S, P> maker) {
        this.messenger = maker;
        return this;
    }
}
