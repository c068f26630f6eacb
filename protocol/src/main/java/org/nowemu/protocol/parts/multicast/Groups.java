package org.nowemu.protocol.parts.multicast;

/** Multicast groups as lists of hosts, and the consecutive runs that NIC forwarding names by first host and size. */
public final class Groups {
    private Groups() {
    }

    /** The first host of {@code group} (hosts ascending) if it is a run of consecutive hosts, else -1. */
    public static int first(int[] group) {
        if (group.length == 0) {
            return -1;
        }
        for (int i = 1; i < group.length; i++) {
            if (group[i] != group[0] + i) {
                return -1;
            }
        }
        return group[0];
    }

    /** {@link #first}, or an IllegalArgumentException naming the system whose packets cannot name the group. */
    public static int consecutive(String system, int[] group) {
        int first = first(group);
        if (first < 0) {
            throw new IllegalArgumentException(system + ": a multicast group of " + group.length
                    + " hosts that are not consecutive");
        }
        return first;
    }

    /** The members of {@code group} but {@code host}, in order: where a multisend goes. */
    public static int[] others(int[] group, int host) {
        int n = 0;
        for (int h : group) {
            if (h != host) {
                n++;
            }
        }
        int[] out = new int[n];
        int i = 0;
        for (int h : group) {
            if (h != host) {
                out[i++] = h;
            }
        }
        return out;
    }
}
