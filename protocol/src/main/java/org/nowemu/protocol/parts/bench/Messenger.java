package org.nowemu.protocol.parts.bench;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;

/**
 * What a latency or bandwidth benchmark needs of a communication system, on one host: send a whole message of
 * some bytes to a peer, and poll until a number of messages have arrived. Each system has an adapter (the basic
 * protocol fragments a message into packets; FM 1.x hands its handler the message whole; FM 2.x's handler takes
 * the bytes with FM_receive; MPI receives into a buffer), so one benchmark program measures them all alike. A
 * message has "arrived" when the receiving program has its bytes where the system puts them for it.
 */
public interface Messenger {
    int host();

    /** The program's clock (ps). */
    long now();

    /**
     * Computes for {@code ps} of host time: the program's CPU is busy, so nothing it would do meanwhile (poll,
     * run a handler) happens until the time is up, while the NIC goes on taking packets. What an application
     * skeleton spends between its messages.
     */
    void compute(long ps);

    /** Sends a message of {@code bytes} bytes to host {@code dest}. */
    @continuable
    void send(int dest, int bytes);

    /** Where the adapter's handler records each arrival on the program's clock. */
    Arrivals arrivals();

    /**
     * Where the adapter records, on the sender, that a message this program sent has arrived (its source is the
     * destination), in the order sent to each destination; null when the system does not tell a sender (only AM's
     * replies do: {@link org.nowemu.protocol.system.CommSystem#tellsDelivery}). What a closed-loop traffic generator
     * counts its outstanding messages by.
     */
    default Arrivals delivered() {
        return null;
    }

    /**
     * Polls until {@code count} of this program's messages have arrived at their destinations ({@link #delivered}),
     * or a message arrives for this program (a sender that also receives takes it in), or virtual time reaches
     * {@code deadline}; only where {@link #delivered} is not null.
     */
    @continuable
    default void awaitDelivered(long count, long deadline) {
        throw new UnsupportedOperationException("this system's Messenger does not tell a sender its message arrived");
    }

    /**
     * Makes this adapter tell acknowledgements ({@link #sendAck}) apart from data from now on, each logged as
     * {@link Arrivals#loggedAck}; returns whether it can ({@link org.nowemu.protocol.system.CommSystem#acknowledges}).
     * Until it is called an adapter pays for nothing of it, so programs that never acknowledge run as before.
     */
    @continuable
    default boolean takeAcks() {
        return false;
    }

    /**
     * Sends an acknowledgement of {@code bytes} bytes to {@code dest}: a message on the wire like any other, marked the
     * way the system can (a handler id, a tag, a mark in its first byte) so that the receiving adapter counts it
     * as an acknowledgement, not data. What a closed loop completes its messages by on a system that does not
     * tell a sender ({@link #delivered} null). Only after {@link #takeAcks} said yes.
     */
    @continuable
    default void sendAck(int dest, int bytes) {
        throw new UnsupportedOperationException("this system's Messenger sends no acknowledgements");
    }

    /** Messages that have arrived since the start. */
    default long received() {
        return arrivals().count();
    }

    /** The program's clock when the first message since the last {@link #mark} arrived (ps), or -1. */
    default long firstArrival() {
        return arrivals().first();
    }

    /** The program's clock when the latest message arrived (ps), or -1. */
    default long lastArrival() {
        return arrivals().last();
    }

    /** Starts a new phase: {@link #firstArrival} is the next message's. */
    default void mark() {
        arrivals().mark();
    }

    /** Polls until {@code count} messages have arrived since the start, or virtual time reaches {@code deadline}. */
    @continuable
    void await(long count, long deadline);

    /**
     * Polls until {@code count} messages have arrived since the start, or virtual time reaches {@code deadline},
     * returning then even on a system whose receive blocks until a message comes ({@link #await} lets such a
     * receive finish): what a program that must also send on time waits with.
     */
    @continuable
    default void awaitUntil(long count, long deadline) {
        await(count, deadline);
    }

    /** Polls until {@code count} messages have arrived since the start. */
    @continuable
    default void await(long count) {
        await(count, Long.MAX_VALUE);
    }

    /**
     * Records {@code outcome}, a small immutable record, in the process's report: what a benchmark hands the
     * experiment beyond counters (a traffic generator's per-message rows), in the run's outcomes.
     */
    void outcome(Object outcome);

    /** A counter of the program's process, summed over the run by name: where a benchmark records what it timed. */
    Counter counter(String name);
}
