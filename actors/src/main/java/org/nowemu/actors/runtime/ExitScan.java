package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * A lane's earliest output time: the least, over its components k, of k's next event time plus k's exit delay
 * (the shortest chain of connection delays from k's work to a connection that leaves the lane, {@link ExitDelays}).
 * Nothing can leave the lane earlier. The components are kept in ascending order of exit delay, so a scan stops
 * at the first component whose exit delay, added to the lane's earliest event time (a bound on every component's
 * next time), cannot beat the best found so far: work near the cut is looked at, work far from it mostly not.
 */
final class ExitScan {
    /** Local indices with a finite exit delay, by ascending exit delay (ties by index). */
    private final int[] order;
    private final long[] exit;

    /** @param exitByLocal exit delay of each component of the lane, by local index ({@link Long#MAX_VALUE}: none) */
    ExitScan(long[] exitByLocal) {
        int n = 0;
        for (long d : exitByLocal) {
            n += d == Long.MAX_VALUE ? 0 : 1;
        }
        Integer[] idx = new Integer[n];
        int j = 0;
        for (int k = 0; k < exitByLocal.length; k++) {
            if (exitByLocal[k] != Long.MAX_VALUE) {
                idx[j++] = k;
            }
        }
        Arrays.sort(idx, (a, b) -> exitByLocal[a] != exitByLocal[b] ? Long.compare(exitByLocal[a], exitByLocal[b])
                : Integer.compare(a, b));
        order = new int[n];
        exit = new long[n];
        for (int i = 0; i < n; i++) {
            order[i] = idx[i];
            exit[i] = exitByLocal[idx[i]];
        }
    }

    /**
     * The least {@code heads[k] + exit(k)}, saturating at {@link Long#MAX_VALUE}.
     *
     * @param heads next event time by local index ({@link Long#MAX_VALUE}: none)
     * @param floor a time no component's next event is earlier than (the lane's earliest event)
     */
    long earliest(long[] heads, long floor) {
        long best = Long.MAX_VALUE;
        for (int j = 0; j < order.length; j++) {
            long d = exit[j];
            if (ExitDelays.after(floor, d) >= best) {
                break; // sorted: no later component can do better
            }
            long h = heads[order[j]];
            if (h != Long.MAX_VALUE) {
                best = Math.min(best, ExitDelays.after(h, d));
            }
        }
        return best;
    }

    /** The least exit delay of the lane ({@link Long#MAX_VALUE}: nothing leaves it). */
    long least() {
        return exit.length == 0 ? Long.MAX_VALUE : exit[0];
    }
}
