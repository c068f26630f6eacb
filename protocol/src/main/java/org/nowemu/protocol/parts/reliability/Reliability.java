package org.nowemu.protocol.parts.reliability;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.parts.KeyedChoice;

/**
 * A reliability choice (the survey's column "Reliability", systems §14): how a system keeps, or does not keep,
 * a receiver from losing packets, and what that choice promises to the ledger. Only the choices that resend
 * recover a packet the network lost (a bit error, a cut); the flow-control choices (credits, back-pressure) only
 * keep the receiver from overflowing and assume, as their systems do, that Myrinet does not lose packets: under bit
 * errors their losses are counted, not a broken ledger.
 */
public enum Reliability implements KeyedChoice {
    /** Nothing: a packet that finds no free host buffer is dropped (the survey's basic protocol). */
    NONE("unreliable: drops counted"),
    /** Stop-and-wait per destination with a one-bit sequence number, ACK, NACK and timer on the NIC (AM-II). */
    ALTERNATING_BIT("NI alternating bit"),
    /** Host-level credits: a sender's library spends one per packet, the receiver's returns them (FM). */
    HOST_CREDITS("host-level credits"),
    /** NIC-level credits: the sending NIC spends one per packet, the receiving NIC returns it when the SRAM
     * buffer is free again (LFC, FM/MC multicast). */
    NIC_CREDITS("NI-level credits"),
    /** Optimistic sends; the receiver discards what it has no room for and NACKs it; the sender resends from its
     * store, in order (PM's modified ACK/NACK). */
    ACK_NACK("ACK/NACK on NI"),
    /** The receiving NIC stops draining its link while it has no buffer: STOP/GO holds the sender (VMMC, Hamlyn). */
    BACKPRESSURE("hardware back-pressure");

    private final String column;

    Reliability(String column) {
        this.column = column;
    }

    /** The design-space table's cell. */
    public String column() {
        return column;
    }

    /** Whether a packet the network lost is sent again: the ledger may hold the sender to every message. */
    public boolean recovers() {
        return this == ALTERNATING_BIT || this == ACK_NACK;
    }

    /** Whether the NIC frames packets with a sequence number and answers with ACKs or NACKs. */
    public boolean acknowledges() {
        return recovers();
    }

    /** The choice named {@code value}, or a one-line bad input naming {@code path}. */
    public static Reliability parse(ConfigReader r, String path, String value) {
        Reliability c = KeyedChoice.named(Reliability.class, value);
        if (c == null) {
            throw r.bad(path, "expected one of " + KeyedChoice.keys(Reliability.class) + ", got '" + value + "'");
        }
        return c;
    }

    /** The choice at {@code path}. */
    public static Reliability read(ConfigReader r, String path) {
        return parse(r, path, r.string(path));
    }
}
