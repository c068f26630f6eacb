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
 */
record LaneMap(int[] laneOf, int[] localIndex, long[] laneExit, long[] memberExit, int lanes, int members, long cut) {
}
