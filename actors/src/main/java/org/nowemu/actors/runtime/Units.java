package org.nowemu.actors.runtime;

import java.util.Arrays;
import java.util.TreeMap;

/**
 * The units of one partition: sets of its components activated as one ({@link Unit}). A unit handles its
 * members' events in key order from its own queues and delivers their messages to each other at once, so a
 * chain of work inside it (a host thread to the bus to the LANai to a DMA engine, one LANai cycle per hop)
 * costs one activation instead of one per hop. Which components form a unit never changes results, only how
 * many windows and activations a run takes ({@link RuntimeSettings.UnitPolicy}).
 *
 * <p>Units are numbered by their first member's local index, and members are in ascending local index (so
 * ascending component id): everything here depends on the model and the placement only.
 */
final class Units {
    private final int[] unitOf;
    private final int[][] members;

    private Units(int[] unitOf, int[][] members) {
        this.unitOf = unitOf;
        this.members = members;
    }

    /** Every component a unit of its own: the runtime without units. */
    static Units singletons(int n) {
        int[] of = new int[n];
        int[][] m = new int[n][];
        for (int k = 0; k < n; k++) {
            of[k] = k;
            m[k] = new int[] {k};
        }
        return new Units(of, m);
    }

    /**
     * The units of the partition whose component ids, by local index, are {@code partitionMembers}: by
     * {@code policy}, the model's placement groups ({@link Model#group}; a component without one is a unit of
     * its own) cut to this partition; or the components of one node of a group, by name: the part of the name
     * before its last dot (the Myrinet model names its components {@code node.part}: {@code s3.p5},
     * {@code h12.lanai}), a name without a dot being a node of its own; or single components.
     */
    static Units of(Model model, int[] partitionMembers, RuntimeSettings.UnitPolicy policy) {
        int n = partitionMembers.length;
        if (policy == RuntimeSettings.UnitPolicy.NONE) {
            return singletons(n);
        }
        boolean byNode = policy == RuntimeSettings.UnitPolicy.NODE;
        int[] of = new int[n];
        TreeMap<String, Integer> unitOfGroup = new TreeMap<>();
        int count = 0;
        int[] size = new int[n];
        for (int k = 0; k < n; k++) {
            int id = partitionMembers[k];
            int g = model.group(id);
            int u;
            if (g < 0 && !byNode) {
                u = count++;
            } else {
                String name = model.name(id);
                int dot = name.lastIndexOf('.');
                String key = byNode ? g + "|" + (dot < 0 ? name : name.substring(0, dot)) : Integer.toString(g);
                Integer known = unitOfGroup.get(key);
                if (known == null) {
                    u = count++;
                    unitOfGroup.put(key, u);
                } else {
                    u = known;
                }
            }
            of[k] = u;
            size[u]++;
        }
        int[][] m = new int[count][];
        for (int u = 0; u < count; u++) {
            m[u] = new int[size[u]];
        }
        int[] fill = new int[count];
        for (int k = 0; k < n; k++) {
            m[of[k]][fill[of[k]]++] = k;
        }
        return new Units(of, m);
    }

    int count() {
        return members.length;
    }

    /** The unit of local component {@code k}. */
    int unitOf(int k) {
        return unitOf[k];
    }

    /** The members of unit {@code u} by local index, ascending (do not modify). */
    int[] members(int u) {
        return members[u];
    }

    /** True when every unit is one component. */
    boolean allSingletons() {
        return members.length == unitOf.length;
    }

    /** The largest unit's size. */
    int largest() {
        int l = 0;
        for (int[] m : members) {
            l = Math.max(l, m.length);
        }
        return l;
    }

    @Override
    public String toString() {
        return "Units" + Arrays.deepToString(members);
    }
}
