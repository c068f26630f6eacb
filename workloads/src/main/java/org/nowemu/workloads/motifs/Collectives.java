package org.nowemu.workloads.motifs;

import java.util.function.LongBinaryOperator;

/**
 * The collectives as schedules of point-to-point messages, the algorithms MPICH used on clusters of the NOW's
 * time (Thakur, Rabenseifner and Gropp, "Optimization of Collective Communication Operations in MPICH", 2005):
 * who sends what to whom, step by step, and whom each rank waits for. Each adds one call's ops to every rank;
 * ranks are 0..n-1 and the root is rank 0.
 */
final class Collectives {
    private Collectives() {
    }

    /** Dissemination barrier: in round k each rank sends to r + 2^k and waits for r - 2^k (mod n); ceil(log2 n) rounds. */
    static void barrier(Ranks g, long bytes) {
        int n = g.n;
        for (int d = 1; d < n; d <<= 1) {
            for (int r = 0; r < n; r++) {
                g.exchange(r, (r + d) % n, (r - d + n) % n, bytes);
            }
        }
    }

    /**
     * Binomial-tree broadcast from rank 0: a rank waits for its parent (itself less its lowest set bit), then sends
     * to its children r + 2^k for each 2^k below that bit, largest first; n - 1 messages in all.
     */
    static void broadcast(Ranks g, long bytes) {
        int n = g.n;
        for (int r = 0; r < n; r++) {
            int mask = 1;
            while (mask < n) {
                if ((r & mask) != 0) {
                    g.recv(r, r - mask, bytes);
                    break;
                }
                mask <<= 1;
            }
            for (mask >>= 1; mask > 0; mask >>= 1) {
                if (r + mask < n) {
                    g.send(r, r + mask, bytes);
                }
            }
        }
    }

    /**
     * Broadcast by the stack's own multicast from rank 0 (LFC's and FM/MC's NIC forwarding, PM's multisend): the root
     * hands the message to its library once and every other rank waits for one message from it; the forwarding or
     * repeating is the NICs' work, not the ranks'.
     */
    static void broadcastByMulticast(Ranks g, long bytes) {
        g.multicast(0, bytes);
        for (int r = 1; r < g.n; r++) {
            g.recv(r, 0, bytes);
        }
    }

    /**
     * Binomial-tree reduce to rank 0, the broadcast's mirror: a rank waits for its children r + 2^k, smallest first,
     * for each 2^k below its lowest set bit, then sends its partial result to its parent; n - 1 messages in all.
     */
    static void reduce(Ranks g, long bytes) {
        int n = g.n;
        for (int r = 0; r < n; r++) {
            for (int mask = 1; mask < n; mask <<= 1) {
                if ((r & mask) != 0) {
                    g.send(r, r - mask, bytes);
                    break;
                }
                if (r + mask < n) {
                    g.recv(r, r + mask, bytes);
                }
            }
        }
    }

    /**
     * Recursive-doubling allreduce with MPICH's fix-up for n not a power of two: with p the largest power of two
     * up to n and rem = n - p, each even rank below 2 rem first sends its vector to the odd rank above it and sits
     * out; the p ranks left exchange with the partner whose new rank differs in bit k, for k = 0..log2 p - 1; then
     * each odd rank below 2 rem sends the result back to the even rank below it.
     */
    static void allreduce(Ranks g, long bytes) {
        int n = g.n;
        int p = Integer.highestOneBit(Math.max(1, n));
        int rem = n - p;
        for (int r = 0; r < n; r++) {
            int newRank;
            if (r < 2 * rem) {
                if (r % 2 == 0) {
                    g.send(r, r + 1, bytes);
                    newRank = -1;
                } else {
                    g.recv(r, r - 1, bytes);
                    newRank = r / 2;
                }
            } else {
                newRank = r - rem;
            }
            if (newRank >= 0) {
                for (int mask = 1; mask < p; mask <<= 1) {
                    int nd = newRank ^ mask;
                    int partner = nd < rem ? 2 * nd + 1 : nd + rem;
                    g.exchange(r, partner, partner, bytes);
                }
            }
            if (r < 2 * rem) {
                if (r % 2 == 1) {
                    g.send(r, r - 1, bytes);
                } else {
                    g.recv(r, r + 1, bytes);
                }
            }
        }
    }

    /**
     * Pairwise-exchange alltoall(v): in step i = 1..n-1 each rank sends its block for r + i and waits for the block
     * from r - i (mod n). {@code bytes} gives the block from a rank to a rank.
     */
    static void alltoallv(Ranks g, LongBinaryOperator bytes) {
        int n = g.n;
        for (int i = 1; i < n; i++) {
            for (int r = 0; r < n; r++) {
                int to = (r + i) % n;
                int from = (r - i + n) % n;
                g.send(r, to, bytes.applyAsLong(r, to));
                g.recv(r, from, bytes.applyAsLong(from, r));
            }
        }
    }

    /** Alltoall: every block the same size. */
    static void alltoall(Ranks g, long bytes) {
        alltoallv(g, (s, d) -> bytes);
    }

    /**
     * The alltoallv motif's uneven blocks: from s to d, bytes/2, bytes or 3 bytes/2 as (s + d) mod 3 is 0, 1 or 2
     * (mean about bytes), so ranks send and receive different totals that can still be worked out by hand.
     */
    static long unevenBlock(long bytes, long s, long d) {
        return Math.max(1, bytes * (1 + (s + d) % 3) / 2);
    }

    /** Linear gather to rank 0: every other rank sends its block; the root takes them in rank order. */
    static void gather(Ranks g, long bytes) {
        for (int r = 1; r < g.n; r++) {
            g.send(r, 0, bytes);
            g.recv(0, r, bytes);
        }
    }

    /** Linear scatter from rank 0: the root sends each other rank its block, in rank order. */
    static void scatter(Ranks g, long bytes) {
        for (int r = 1; r < g.n; r++) {
            g.send(0, r, bytes);
            g.recv(r, 0, bytes);
        }
    }

    /** A token once around the ring: rank 0 sends to 1, each rank waits for r - 1 and sends on to r + 1, back to 0. */
    static void ring(Ranks g, long bytes) {
        int n = g.n;
        if (n < 2) {
            return;
        }
        g.send(0, 1, bytes);
        for (int r = 1; r < n; r++) {
            g.recv(r, r - 1, bytes);
            g.send(r, (r + 1) % n, bytes);
        }
        g.recv(0, n - 1, bytes);
    }
}
