package org.nowemu.actors.runtime;

/**
 * Where every component of the model is, for the lanes of one JVM: read only, shared by the lanes.
 *
 * @param laneOf     by component id: its lane (0..lanes-1), or {@code -1 - m} for a component of another cluster
 *                   member m
 * @param localIndex by component id: its index in its lane (for the lanes of this JVM)
 * @param laneExit   by component id: the shortest delay from its work to a connection leaving its lane, to another
 *                   lane or member ({@link ExitDelays}); null with one lane, which nothing inside the JVM waits for
 * @param memberExit by component id: the shortest delay from its work to a connection leaving its member; null
 *                   outside a cluster run
 * @param lanes      lanes of this JVM
 * @param members    members of the cluster run (0 outside one)
 * @param cut        the least delay over the connections that cross lanes (or may reach anyone), in ps;
 *                   {@link Long#MAX_VALUE} when none does
 * @param sizes      components in each lane
 */
record LaneMap(int[] laneOf, int[] localIndex, long[] laneExit, long[] memberExit, int lanes, int members, long cut,
               int[] sizes) {

    /**
     * The map of {@code cells} (this JVM's components, ascending ids) in {@code parts.parts()} lanes by
     * {@code parts.partOf()} (by position in {@code cells}); on a cluster member, {@code members} places the rest of
     * the model and {@code memberExit} (by id) is the exit delay from each component's member.
     */
    static LaneMap of(Model model, ComponentCell[] cells, TopologyPlacement.Assigned parts, Placement members,
                      long[] memberExit) {
        int k = parts.parts();
        int n = model.size();
        int[] laneOf = new int[n];
        int[] localIndex = new int[n];
        int[] partitionOf = new int[n];
        int[] count = new int[k];
        if (members != null) {
            for (int id = 0; id < n; id++) {
                int m = members.partitionOf(id);
                laneOf[id] = -1 - m;
                partitionOf[id] = k + m; // each other member a part of its own, for the exit delays
            }
        }
        for (int i = 0; i < cells.length; i++) {
            int id = cells[i].id;
            int l = parts.partOf()[i];
            laneOf[id] = l;
            partitionOf[id] = l;
            localIndex[id] = count[l]++;
        }
        long[] laneExit = null;
        long cut = Long.MAX_VALUE;
        if (k > 1) {
            Placement p = Placement.of(partitionOf, k + (members == null ? 0 : members.partitions()));
            laneExit = ExitDelays.of(model, p);
            for (ComponentCell c : cells) {
                Connections cs = c.connections;
                for (int j = 0; j < cs.targets().length; j++) {
                    if (partitionOf[cs.targets()[j]] != partitionOf[c.id]) {
                        cut = Math.min(cut, cs.minDelays()[j]);
                    }
                }
                cut = Math.min(cut, cs.toAnyMin());
            }
        }
        return new LaneMap(laneOf, localIndex, laneExit, memberExit, k, members == null ? 0 : members.partitions(), cut,
                count);
    }
}
