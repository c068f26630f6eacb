package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * The outgoing connections of one component and their minimum delays (ps): what it may send to, and how soon.
 * A connection models something physical (a cable, a bus transaction, a firmware step); its minimum delay is
 * the lookahead that lets components run in parallel inside a window. Immutable.
 *
 * @param toAnyMin minimum delay to a component without an explicit connection, or {@link Long#MAX_VALUE}
 *                 when the component may only send along its explicit connections
 */
public record Connections(int[] targets, long[] minDelays, long toAnyMin) {
    public static final Connections NONE = new Connections(new int[0], new long[0], Long.MAX_VALUE);

    /** Minimum delay to {@code target}, or {@code Long.MAX_VALUE} if there is no such connection. */
    public long minDelayTo(int target) {
        int i = Arrays.binarySearch(targets, target);
        return i >= 0 ? minDelays[i] : toAnyMin;
    }

    /** The smallest delay over all connections: this component's contribution to the lookahead. */
    public long smallest() {
        long min = toAnyMin;
        for (long d : minDelays) {
            min = Math.min(min, d);
        }
        return min;
    }
}
