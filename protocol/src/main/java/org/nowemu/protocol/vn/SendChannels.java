package org.nowemu.protocol.vn;

import java.util.ArrayDeque;
import java.util.TreeSet;

/**
 * The send channel table: for each destination NIC, K channels for requests and K for replies (separate, so
 * replies never wait behind requests), the count of unacknowledged packets per destination (so the timer scans
 * only destinations that have some), and the messages waiting for a free channel.
 */
final class SendChannels {
    /**
     * A message that found every channel of its kind to its destination busy, since virtual time {@code sincePs}:
     * its wait counts against its retries (see {@link #timeoutsWaited}).
     */
    record Waiting(org.nowemu.protocol.wire.Header header, byte[] route, org.nowemu.protocol.nic.Doorbell.Send origin,
                   long sincePs) {
    }

    private final int k;
    private final Channel[][] table;
    private final int[] unacked;
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Waiting>[] waiting;
    /** Destinations with unacknowledged packets, in NIC order. */
    final TreeSet<Integer> active = new TreeSet<>();

    @SuppressWarnings("unchecked")
    SendChannels(int nics, int k) {
        this.k = k;
        table = new Channel[nics][];
        unacked = new int[nics];
        waiting = new ArrayDeque[nics * 2];
    }

    Channel[] of(int dest) {
        Channel[] c = table[dest];
        if (c == null) {
            c = new Channel[2 * k];
            for (int i = 0; i < c.length; i++) {
                c[i] = new Channel(i);
            }
            table[dest] = c;
        }
        return c;
    }

    /** A free channel of the kind (request or reply) to {@code dest}, or null. */
    Channel free(int dest, boolean reply) {
        Channel[] c = of(dest);
        for (int i = reply ? k : 0, end = i + k; i < end; i++) {
            if (!c[i].busy) {
                return c[i];
            }
        }
        return null;
    }

    Channel get(int dest, int channel) {
        if (dest < 0 || dest >= table.length || channel < 0 || channel >= 2 * k) {
            return null;
        }
        return of(dest)[channel];
    }

    void occupy(int dest, Channel c) {
        c.busy = true;
        c.nacksInRow = 0;
        c.ticks = 0;
        c.retries = 0;
        c.nacked = false;
        if (unacked[dest]++ == 0) {
            active.add(dest);
        }
    }

    /** The packet on {@code c} is done (acknowledged or given up): the next one uses the other sequence bit. */
    void release(int dest, Channel c) {
        c.busy = false;
        c.packet = null;
        c.origin = null;
        c.route = null;
        c.resendQueued = false;
        c.seq ^= 1;
        if (--unacked[dest] == 0) {
            active.remove(dest);
        }
    }

    /**
     * Takes back a packet whose latest transmission was NACKed, so the receiver never accepted it: the channel is
     * free again with the same sequence bit, which is the one the receiver still expects.
     */
    void takeBack(int dest, Channel c) {
        c.busy = false;
        c.packet = null;
        c.origin = null;
        c.route = null;
        c.nacked = false;
        c.resendQueued = false;
        if (--unacked[dest] == 0) {
            active.remove(dest);
        }
    }

    /** Gives up on the channel's packet and starts a new epoch, so the receiver resynchronizes. */
    void reset(int dest, Channel c) {
        release(dest, c);
        c.seq = 0;
        c.epoch = (c.epoch + 1) & 0xff;
    }

    /**
     * The whole retransmission timeouts {@code w} has spent waiting for a channel by {@code nowPs}. They count as
     * retransmissions without feedback: a waiting message has had none from its destination, as a silent channel's
     * packet has had none. Without this, a message queued behind channels that go silent would start its own
     * max-retries only when one of them gives up, and so could stay unresolved for as many give-up times as
     * there are messages ahead of it; with it, every message is handled or returned within the give-up time of
     * reaching the channel table.
     */
    static long timeoutsWaited(Waiting w, long nowPs, long timeoutPs) {
        return (nowPs - w.sincePs()) / timeoutPs;
    }

    /** Removes and returns the waiting messages of endpoint {@code endpoint}, in destination and arrival order. */
    java.util.List<Waiting> takeWaiting(int endpoint) {
        java.util.List<Waiting> taken = new java.util.ArrayList<>();
        for (ArrayDeque<Waiting> w : waiting) {
            if (w != null) {
                w.removeIf(x -> {
                    if (x.header().srcEp() == endpoint) {
                        taken.add(x);
                        return true;
                    }
                    return false;
                });
            }
        }
        return taken;
    }

    /**
     * The host's messages the table holds, for a NIC that loses power: those on a channel without an ACK yet (in
     * destination and channel order), then those waiting for a channel.
     */
    java.util.List<org.nowemu.protocol.nic.Doorbell.Send> held() {
        java.util.List<org.nowemu.protocol.nic.Doorbell.Send> all = new java.util.ArrayList<>();
        for (int dest : active) {
            for (Channel c : of(dest)) {
                if (c.busy && c.origin != null) {
                    all.add(c.origin);
                }
            }
        }
        for (ArrayDeque<Waiting> w : waiting) {
            if (w != null) {
                for (Waiting x : w) {
                    all.add(x.origin());
                }
            }
        }
        return all;
    }

    ArrayDeque<Waiting> waiting(int dest, boolean reply) {
        int i = dest * 2 + (reply ? 1 : 0);
        if (waiting[i] == null) {
            waiting[i] = new ArrayDeque<>();
        }
        return waiting[i];
    }

    boolean anyUnacked() {
        return !active.isEmpty();
    }
}
