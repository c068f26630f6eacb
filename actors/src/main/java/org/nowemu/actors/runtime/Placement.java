package org.nowemu.actors.runtime;

/**
 * Which partition runs each component, and its index inside that partition. The first placement cuts the id
 * range into contiguous blocks of near-equal size (models number components so that neighbours are close);
 * topology-aware placements can replace it without changing results.
 */
public final class Placement {
    private final int[] partitionOf;
    private final int[] localIndex;
    private final int[][] members;

    private Placement(int[] partitionOf, int partitions) {
        this.partitionOf = partitionOf;
        this.localIndex = new int[partitionOf.length];
        int[] counts = new int[partitions];
        for (int p : partitionOf) {
            counts[p]++;
        }
        members = new int[partitions][];
        for (int p = 0; p < partitions; p++) {
            members[p] = new int[counts[p]];
        }
        int[] fill = new int[partitions];
        for (int id = 0; id < partitionOf.length; id++) {
            int p = partitionOf[id];
            localIndex[id] = fill[p];
            members[p][fill[p]++] = id;
        }
    }

    /** Component {@code id} runs in partition {@code partitionOf[id]}, of {@code partitions} (each non-empty). */
    public static Placement of(int[] partitionOf, int partitions) {
        return new Placement(partitionOf.clone(), partitions);
    }

    /** The partition of every component, by id (a copy). */
    public int[] partitionOf() {
        return partitionOf.clone();
    }

    /** Contiguous blocks; never more partitions than components. */
    public static Placement blocks(int components, int partitions) {
        int parts = Math.max(1, Math.min(partitions, components));
        int[] of = new int[components];
        for (int id = 0; id < components; id++) {
            of[id] = (int) ((long) id * parts / components);
        }
        return new Placement(of, parts);
    }

    public int partitions() {
        return members.length;
    }

    public int partitionOf(int id) {
        return partitionOf[id];
    }

    public int localIndex(int id) {
        return localIndex[id];
    }

    /** Component ids of partition {@code p}, ascending. */
    public int[] members(int p) {
        return members[p];
    }
}
