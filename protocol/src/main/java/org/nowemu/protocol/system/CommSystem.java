package org.nowemu.protocol.system;

import java.util.List;
import java.util.Optional;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * A communication system: what it runs on each NIC (its firmware, a composition of parts from
 * {@code org.nowemu.protocol.parts} and its own) and on each host (its library and the components it needs, such
 * as a driver) for programs written against its own host API. A system is one package implementing this and one
 * line in {@link Systems}; its stacks are entries of {@code nowemu.protocol.stacks} that name it
 * ({@code system = <name>}) with their options and cost table, read by {@link #settings}.
 *
 * <p>Everything a system makes is made afresh for each run (a model is a description each run instantiates), and
 * the firmware afresh after each power cycle of its NIC.
 *
 * @param <S> its settings: one validated record per stack
 * @param <P> the programs its hosts run (the AM-II programs of {@code am}, say)
 */
public interface CommSystem<S extends SystemSettings, P> {
    /** The name stacks give in their {@code system} key. */
    String name();

    /** One line for {@code ./nowemu list}: what the system is. */
    String description();

    /** Its place in the survey's design space, for {@code ./nowemu list} and the compare report. */
    DesignChoices choices();

    /**
     * What stack {@code settings} assumes away about the hardware, with its paper's reason ({@link Assumptions}):
     * printed by {@code ./nowemu list} beside the design choices, and read by the ledger. Nothing by default (a
     * stack that resends survives the faults, one that promises nothing has nothing to assume).
     */
    default Assumptions assumptions(S settings) {
        return Assumptions.NONE;
    }

    /** The type of program a host running this system is given; a program of another type is refused. */
    Class<P> programType();

    /**
     * Reads and validates stack {@code stack}: its keys under {@code nowemu.protocol.stacks.<stack>} and whatever
     * shared keys the system has; a bad value is a {@code BadInputException} naming the key.
     */
    S settings(ConfigReader r, String stack, HardwareProfile profile);

    /** One line for {@code ./nowemu list} about stack {@code stack} (its options, from its configuration entry). */
    String describe(ConfigReader r, String stack);

    /**
     * Refuses, as bad input, a stack that cannot run on this cluster (its tables do not fit the NIC's SRAM for this
     * many hosts, say). Called for every host before anything is built.
     */
    default void check(S settings, Topology topology, HardwareProfile profile) {
    }

    /**
     * A fresh firmware for NIC {@code nic}, starting with routing table {@code routes} (the route to each host, by
     * host index; null for itself and where no route is known).
     */
    Firmware firmware(S settings, NicParts nic, Routes routes);

    /**
     * The host components of the host {@code host} describes, which runs {@code programs} (one process each, in
     * order: process p is {@code h<n>.p<p>}; none: an idle host, usually no components).
     */
    List<HostProgram.Part> hostParts(S settings, HostSetup host, List<P> programs);

    /**
     * A program of this system that runs {@code body} over the system's {@link Messenger} adapter, so that a
     * benchmark written once against {@code Messenger} ({@code parts/bench}) drives every system alike; empty if the
     * system has no adapter.
     *
     * @param maxBytes the largest message {@code body} sends or receives
     */
    default Optional<P> messengerProgram(S settings, int maxBytes, MessengerProgram body) {
        return Optional.empty();
    }

    /**
     * Stack {@code settings} on a host whose stack runs programs on {@code peers} hosts of the run (its job): the
     * same settings, unless the system shares something among the processes of a job (FM's receive slots, as
     * credits). Its firmware and its host components are both made with what this returns.
     */
    default S forJob(S settings, int peers) {
        return settings;
    }

    /** Whether the system's {@link Messenger} tells a sender that its message arrived ({@link Messenger#delivered}). */
    default boolean tellsDelivery() {
        return false;
    }

    /**
     * Whether the system's {@link Messenger} can send acknowledgements and tell them apart from data
     * ({@link Messenger#sendAck}): every adapter marks them its system's way, so every system with a Messenger.
     */
    default boolean acknowledges() {
        return hasMessenger();
    }

    /** Whether {@link #messengerProgram} gives a program: the system has a {@link Messenger} adapter. */
    default boolean hasMessenger() {
        return false;
    }
}
