package org.nowemu.protocol.parts.multicast;

/** How a message reaches many hosts: the survey's multicast choices, and host-level forwarding beside them. */
public enum MulticastMode {
    /** No multicast: a program that wants one sends to each member itself. */
    NONE("none", "none"),
    /** Forwarded by the host programs along a tree: each receiver's handler sends it on to its children. */
    HOST("host", "host tree forwarding"),
    /** Repeated sends from the sender (PM's multisend). */
    MULTISEND("multisend", "repeated sends"),
    /** Forwarded by the NICs along a spanning tree, with NIC-level credits (FM/MC, LFC). */
    NI("ni", "NIC tree forwarding");

    private final String key;
    private final String phrase;

    MulticastMode(String key, String phrase) {
        this.key = key;
        this.phrase = phrase;
    }

    /** The word experiments name the mode by ({@code mcast.<stack>.<mode>.<n>.latency_us}). */
    public String key() {
        return key;
    }

    /** The design-space table's phrase. */
    public String phrase() {
        return phrase;
    }

    /** The mode named {@code key}, or null. */
    public static MulticastMode named(String key) {
        for (MulticastMode m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        return null;
    }
}
