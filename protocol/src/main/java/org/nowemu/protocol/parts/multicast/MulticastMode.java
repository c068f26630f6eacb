package org.nowemu.protocol.parts.multicast;

import org.nowemu.protocol.parts.KeyedChoice;

/** How a message reaches many hosts: the survey's multicast choices, and host-level forwarding beside them. */
public enum MulticastMode implements KeyedChoice {
    /** No multicast: a program that wants one sends to each member itself. */
    NONE("none"),
    /** Forwarded by the host programs along a tree: each receiver's handler sends it on to its children. */
    HOST("host tree forwarding"),
    /** Repeated sends from the sender (PM's multisend). */
    MULTISEND("repeated sends"),
    /** Forwarded by the NICs along a spanning tree, with NIC-level credits (FM/MC, LFC). */
    NI("NIC tree forwarding");

    private final String phrase;

    MulticastMode(String phrase) {
        this.phrase = phrase;
    }

    /** The design-space table's phrase. */
    public String phrase() {
        return phrase;
    }

    /**
     * The mode named {@code key}, the word experiments name it by ({@code mcast.<stack>.<mode>.<n>.latency_us}), or
     * null.
     */
    public static MulticastMode named(String key) {
        return KeyedChoice.named(MulticastMode.class, key);
    }
}
