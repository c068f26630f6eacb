package org.nowemu.protocol.parts.multicast;

import java.util.Arrays;

/**
 * A group's spanning tree from one root (systems §6.5: "a per-(group, root) spanning tree (binary tree by
 * relative rank)"), here of any fan-out: the members are numbered by rank relative to the root (the root is rank
 * 0, the member after it in the group's order rank 1, and so on round the group), and rank r's children are ranks
 * {@code f·r + 1 .. f·r + f}. Every member but the root has exactly one parent, so a packet forwarded down the
 * tree reaches every member once; its depth is about log_f of the group's size, the logarithmic rather than linear
 * cost of a broadcast the survey credits spanning trees with. Computed at initialization and kept in each NIC's
 * SRAM, as FM/MC and LFC do.
 */
public final class SpanningTree {
    private final int[] members;
    private final int fanout;

    /**
     * @param members the group's hosts, in the group's order (distinct)
     * @param fanout  children per member (>= 1)
     */
    public SpanningTree(int[] members, int fanout) {
        if (fanout < 1 || members.length < 1) {
            throw new IllegalArgumentException("a tree of fan-out " + fanout + " over " + members.length + " members");
        }
        this.members = members.clone();
        this.fanout = fanout;
    }

    /** The group of hosts 0 .. n-1 (a broadcast). */
    public static SpanningTree all(int n, int fanout) {
        int[] m = new int[n];
        Arrays.setAll(m, i -> i);
        return new SpanningTree(m, fanout);
    }

    public int size() {
        return members.length;
    }

    /** The group's hosts in its order. */
    public int[] members() {
        return members.clone();
    }

    /** Whether {@code host} is in the group. */
    public boolean contains(int host) {
        return indexOf(host) >= 0;
    }

    /** The children of {@code host} in the tree rooted at {@code root} (both members), in rank order. */
    public int[] children(int root, int host) {
        int n = members.length;
        int r = rank(root, host);
        long first = (long) fanout * r + 1;
        if (first >= n) {
            return new int[0];
        }
        int count = (int) Math.min(fanout, n - first);
        int[] c = new int[count];
        int base = indexOf(root);
        for (int i = 0; i < count; i++) {
            c[i] = members[(int) ((base + first + i) % n)];
        }
        return c;
    }

    /** The parent of {@code host} in the tree rooted at {@code root}, or -1 for the root itself. */
    public int parent(int root, int host) {
        int r = rank(root, host);
        if (r == 0) {
            return -1;
        }
        return members[(indexOf(root) + (r - 1) / fanout) % members.length];
    }

    /** The tree's depth from {@code root}: hops from the root to its deepest member. */
    public int depth() {
        int d = 0;
        for (long last = 0; last < members.length - 1; last = (long) fanout * last + fanout) {
            d++;
        }
        return d;
    }

    private int rank(int root, int host) {
        int b = indexOf(root);
        int h = indexOf(host);
        if (b < 0 || h < 0) {
            throw new IllegalArgumentException("host " + (b < 0 ? root : host) + " is not in the group");
        }
        return Math.floorMod(h - b, members.length);
    }

    private int indexOf(int host) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == host) {
                return i;
            }
        }
        return -1;
    }
}
