package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * The sub-coordinator's view of when each of its components next has work: the next event time per local
 * component index, in blocks of 64 with each block's minimum. Opening a window scans the block minima and
 * only the blocks that have work in it, in index order; a binary heap here cost more than the components'
 * own work (a pop and a push per activation, with cache misses), while this is a sequential scan.
 */
final class Agenda {
    private static final int SHIFT = 6;
    private static final int BLOCK = 1 << SHIFT;
    private final long[] key;
    private final long[] blockMin;

    Agenda(int n) {
        key = new long[n];
        blockMin = new long[(n + BLOCK - 1) >>> SHIFT];
        Arrays.fill(key, Long.MAX_VALUE);
        Arrays.fill(blockMin, Long.MAX_VALUE);
    }

    long minKey() {
        long m = Long.MAX_VALUE;
        for (long b : blockMin) {
            m = Math.min(m, b);
        }
        return m;
    }

    /**
     * The least {@code key[i] + add[i]} (saturating at {@link Long#MAX_VALUE}); {@code addBlockMin} holds the
     * least {@code add} of each block, so a block that cannot beat the best so far is skipped unread.
     */
    long minPlus(long[] add, long[] addBlockMin) {
        long best = Long.MAX_VALUE;
        for (int b = 0; b < blockMin.length; b++) {
            if (ExitDelays.after(blockMin[b], addBlockMin[b]) >= best) {
                continue;
            }
            int to = Math.min(key.length, (b + 1) << SHIFT);
            for (int i = b << SHIFT; i < to; i++) {
                best = Math.min(best, ExitDelays.after(key[i], add[i]));
            }
        }
        return best;
    }

    /** The least value of each block of {@code add}, for {@link #minPlus}. */
    static long[] blockMinima(long[] add) {
        long[] m = new long[(add.length + BLOCK - 1) >>> SHIFT];
        Arrays.fill(m, Long.MAX_VALUE);
        for (int i = 0; i < add.length; i++) {
            m[i >>> SHIFT] = Math.min(m[i >>> SHIFT], add[i]);
        }
        return m;
    }

    /** Sets the key of {@code i} to {@code min(current, t)}. */
    void lowerTo(int i, long t) {
        if (t < key[i]) {
            key[i] = t;
            int b = i >>> SHIFT;
            if (t < blockMin[b]) {
                blockMin[b] = t;
            }
        }
    }

    /** Sets the key of {@code i} to {@code t}, raising it if need be (a component whose unit has just run). */
    void set(int i, long t) {
        long old = key[i];
        key[i] = t;
        int b = i >>> SHIFT;
        if (t < blockMin[b]) {
            blockMin[b] = t;
        } else if (t > old && old == blockMin[b]) {
            long rest = Long.MAX_VALUE;
            int to = Math.min(key.length, (b + 1) << SHIFT);
            for (int j = b << SHIFT; j < to; j++) {
                rest = Math.min(rest, key[j]);
            }
            blockMin[b] = rest;
        }
    }

    /** The keys by index (read only): the pending times the horizons read. */
    long[] keys() {
        return key;
    }

    /**
     * Removes every index whose key is earlier than {@code end} and writes them, ascending, into {@code out};
     * returns how many. A removed index has no work until {@link #lowerTo} gives it some again.
     */
    int takeEarlierThan(long end, int[] out) {
        int n = 0;
        for (int b = 0; b < blockMin.length; b++) {
            if (blockMin[b] >= end) {
                continue;
            }
            long rest = Long.MAX_VALUE;
            int to = Math.min(key.length, (b + 1) << SHIFT);
            for (int i = b << SHIFT; i < to; i++) {
                long k = key[i];
                if (k < end) {
                    out[n++] = i;
                    key[i] = Long.MAX_VALUE;
                } else if (k < rest) {
                    rest = k;
                }
            }
            blockMin[b] = rest;
        }
        return n;
    }

    /**
     * Like {@link #takeEarlierThan} with a horizon per index: takes every index whose key is earlier than its
     * horizon (from {@code horizons}, over the keys as they stand before anything is taken; below {@code cap}),
     * writing them ascending into {@code out} and their horizons into {@code ends}; returns how many.
     */
    int takeBelowHorizons(Horizons horizons, long floor, long cap, int[] out, long[] ends) {
        return takeBelowHorizons(horizons, key, floor, cap, out, ends);
    }

    /**
     * The same for units: the indices here are units, whose horizons read the pending times of the components,
     * {@code sourceKeys} (by local component index; may be this agenda's own keys when every unit is one
     * component, since they are read before any is taken).
     */
    int takeBelowHorizons(Horizons horizons, long[] sourceKeys, long floor, long cap, int[] out, long[] ends) {
        int n = 0;
        for (int b = 0; b < blockMin.length; b++) {
            if (blockMin[b] >= cap) {
                continue;
            }
            int to = Math.min(key.length, (b + 1) << SHIFT);
            for (int i = b << SHIFT; i < to; i++) {
                long k = key[i];
                if (k < cap) {
                    long h = horizons.horizon(i, sourceKeys, floor, cap);
                    if (k < h) {
                        out[n] = i;
                        ends[n++] = h;
                    }
                }
            }
        }
        // Only now, when every horizon has read the keys of the window's start.
        int lastBlock = -1;
        for (int j = 0; j < n; j++) {
            key[out[j]] = Long.MAX_VALUE;
        }
        for (int j = 0; j < n; j++) {
            int b = out[j] >>> SHIFT;
            if (b != lastBlock) {
                lastBlock = b;
                long rest = Long.MAX_VALUE;
                int to = Math.min(key.length, (b + 1) << SHIFT);
                for (int i = b << SHIFT; i < to; i++) {
                    rest = Math.min(rest, key[i]);
                }
                blockMin[b] = rest;
            }
        }
        return n;
    }
}
