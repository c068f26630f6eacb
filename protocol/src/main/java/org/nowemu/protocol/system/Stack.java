package org.nowemu.protocol.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * A protocol stack ready to run: a communication system with the settings of one of its stacks. What a cluster
 * needs from a host's stack goes through here, so a caller holding a {@code Stack<?, ?>} (read from the
 * configuration by name) need not know the system's types.
 */
public record Stack<S extends SystemSettings, P>(CommSystem<S, P> system, S settings) {
    /** Reads stack {@code name} of {@code system}. */
    public static <S extends SystemSettings, P> Stack<S, P> read(CommSystem<S, P> system, ConfigReader r,
                                                                String name, HardwareProfile profile) {
        return new Stack<>(system, system.settings(r, name, profile));
    }

    public String name() {
        return settings.name();
    }

    /** See {@link SystemSettings#settlePs}. */
    public long settlePs() {
        return settings.settlePs();
    }

    /** See {@link CommSystem#assumptions}. */
    public Assumptions assumptions() {
        return system.assumptions(settings);
    }

    /** This stack, typed for programs of {@code type}; bad input naming {@code key} if its system runs others. */
    @SuppressWarnings("unchecked")
    public <Q> Stack<S, Q> runs(Class<Q> type, String key) {
        if (!type.isAssignableFrom(system.programType())) {
            throw new BadInputException(key + ": protocol stack '" + name() + "' runs " + system.name()
                    + " programs (" + system.programType().getSimpleName() + "), and this needs "
                    + type.getSimpleName() + "s");
        }
        return (Stack<S, Q>) this;
    }

    public void check(Topology topology, HardwareProfile profile) {
        system.check(settings, topology, profile);
    }

    public Firmware firmware(NicParts nic, Routes routes) {
        return system.firmware(settings, nic, routes);
    }

    /** The firmware of a NIC whose host runs this stack with {@code peers} hosts in its job ({@link CommSystem#forJob}). */
    public Firmware firmware(NicParts nic, Routes routes, int peers) {
        return system.firmware(system.forJob(settings, peers), nic, routes);
    }

    /** The host components for {@code programs}, each of which must be a program of this stack's system. */
    public List<HostProgram.Part> hostParts(HostSetup host, List<?> programs) {
        List<P> mine = new ArrayList<>(programs.size());
        for (int p = 0; p < programs.size(); p++) {
            Object program = programs.get(p);
            if (!system.programType().isInstance(program)) {
                throw new BadInputException(host.name() + ".p" + p + ": host " + host.name() + " runs protocol stack '"
                        + name() + "' (" + system.name() + "), whose programs are "
                        + system.programType().getSimpleName() + "s; it was given a "
                        + (program == null ? "null" : program.getClass().getSimpleName()));
            }
            mine.add(system.programType().cast(program));
        }
        return system.hostParts(system.forJob(settings, host.peers()), host.running(name(), assumptions()), mine);
    }

    /** Whether this stack's system has a benchmark adapter: a program over its {@code Messenger}. */
    public boolean hasMessenger() {
        return system.hasMessenger();
    }

    /** Whether this stack's Messenger tells a sender that its message arrived. */
    public boolean tellsDelivery() {
        return system.tellsDelivery();
    }

    /** Whether this stack's Messenger sends acknowledgements a receiver tells apart from data. */
    public boolean acknowledges() {
        return system.acknowledges();
    }

    /** See {@link CommSystem#messengerProgram}: a program of this stack's system running {@code body}, if it can. */
    public Optional<Object> messengerProgram(int maxBytes, MessengerProgram body) {
        return system.messengerProgram(settings, maxBytes, body).map(p -> p);
    }
}
