package org.nowemu.protocol.parts.credits;

/**
 * Host-level credits (the survey's "FM: reliable, host-level credits"): each credit is a packet slot in a
 * receiver's host memory set aside for this sender, so a sender with none left for a destination must wait until
 * that receiver returns some. The receiver owes a credit for each packet it has consumed from a sender and returns
 * them in a batch once it owes {@code threshold}, or piggy-backed on a data packet it sends that sender anyway.
 * Only the library's own memory: no message is sent here.
 */
public final class CreditTable {
    private final int[] credits;
    private final int[] owed;
    private final int threshold;

    /**
     * @param hosts     hosts in the cluster (one row per peer; this host's own row unused)
     * @param initial   credits per destination at start
     * @param threshold owed credits that trigger an explicit return (>= 1)
     */
    public CreditTable(int hosts, int initial, int threshold) {
        if (initial < 1 || threshold < 1 || threshold > initial) {
            throw new IllegalArgumentException("credits " + initial + ", return threshold " + threshold);
        }
        this.credits = new int[hosts];
        this.owed = new int[hosts];
        this.threshold = threshold;
        java.util.Arrays.fill(credits, initial);
    }

    /** Whether a packet may go to {@code dest} now. */
    public boolean has(int dest) {
        return credits[dest] > 0;
    }

    public int credits(int dest) {
        return credits[dest];
    }

    /** Spends a credit for a packet to {@code dest}. */
    public void take(int dest) {
        if (credits[dest] == 0) {
            throw new IllegalStateException("no credit for host " + dest);
        }
        credits[dest]--;
    }

    /** {@code n} credits came back from {@code dest}. */
    public void give(int dest, int n) {
        credits[dest] += n;
    }

    /** A packet from {@code src} has been consumed; returns the credits to send back now (0: not yet). */
    public int consumed(int src) {
        owed[src]++;
        if (owed[src] < threshold) {
            return 0;
        }
        int n = owed[src];
        owed[src] = 0;
        return n;
    }

    /** The credits owed to {@code dest}, handed to a data packet going there anyway (reset to 0). */
    public int piggyback(int dest) {
        int n = owed[dest];
        owed[dest] = 0;
        return n;
    }

    public int owed(int src) {
        return owed[src];
    }
}
