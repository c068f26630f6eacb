package org.nowemu.protocol.am.parts.channels;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.wire.Header;

/**
 * The send channel table: for each destination NIC, K channels for requests and K for replies (separate, so
 * replies never wait behind requests), the count of unacknowledged packets per destination (so the timer scans
 * only destinations that have some), and the messages waiting for a free channel.
 */
public final class SendChannels {
    /**
     * A message that found every channel of its kind to its destination busy, since virtual time {@code sincePs}:
     * its wait counts against its retries (see {@link #timeoutsWaited}).
     */
    public record Waiting(Header header, byte[] route, Doorbell.Send origin, long sincePs) {
    }

    private final int k;
    private final int nics;
    /**
     * Per destination this NIC has sent to: its channels, unacknowledged count and waiting messages. Sparse, since
     * a NIC talks to few of the N NICs and N tables of N peers grow as N² (a 16,384-host fat tree); looked up by
     * destination, iterated only in destination order (through {@link #active} or sorted keys).
     */
    private final HashMap<Integer, Peer> peers = new HashMap<>();
    /** Destinations with unacknowledged packets, in NIC order. */
    public final TreeSet<Integer> active = new TreeSet<>();

    private static final class Peer {
        final Channel[] channels;
        int unacked;
        final ArrayDeque<Waiting> requests = new ArrayDeque<>();
        final ArrayDeque<Waiting> replies = new ArrayDeque<>();

        Peer(int k) {
            channels = new Channel[2 * k];
            for (int i = 0; i < channels.length; i++) {
                channels[i] = new Channel(i);
            }
        }
    }

    public SendChannels(int nics, int k) {
        this.k = k;
        this.nics = nics;
    }

    private Peer peer(int dest) {
        Peer p = peers.get(dest);
        if (p == null) {
            p = new Peer(k);
            peers.put(dest, p);
        }
        return p;
    }

    public Channel[] of(int dest) {
        return peer(dest).channels;
    }

    /** A free channel of the kind (request or reply) to {@code dest}, or null. */
    public Channel free(int dest, boolean reply) {
        Channel[] c = of(dest);
        for (int i = reply ? k : 0, end = i + k; i < end; i++) {
            if (!c[i].busy) {
                return c[i];
            }
        }
        return null;
    }

    public Channel get(int dest, int channel) {
        if (dest < 0 || dest >= nics || channel < 0 || channel >= 2 * k) {
            return null;
        }
        return of(dest)[channel];
    }

    public void occupy(int dest, Channel c) {
        c.busy = true;
        c.nacksInRow = 0;
        c.ticks = 0;
        c.retries = 0;
        c.nacked = false;
        if (peer(dest).unacked++ == 0) {
            active.add(dest);
        }
    }

    /** The packet on {@code c} is done (acknowledged or given up): the next one uses the other sequence bit. */
    public void release(int dest, Channel c) {
        c.busy = false;
        c.packet = null;
        c.origin = null;
        c.route = null;
        c.resendQueued = false;
        c.seq ^= 1;
        if (--peer(dest).unacked == 0) {
            active.remove(dest);
        }
    }

    /**
     * Takes back a packet whose latest transmission was NACKed, so the receiver never accepted it: the channel is
     * free again with the same sequence bit, which is the one the receiver still expects.
     */
    public void takeBack(int dest, Channel c) {
        c.busy = false;
        c.packet = null;
        c.origin = null;
        c.route = null;
        c.nacked = false;
        c.resendQueued = false;
        if (--peer(dest).unacked == 0) {
            active.remove(dest);
        }
    }

    /** Gives up on the channel's packet and starts a new epoch, so the receiver resynchronizes. */
    public void reset(int dest, Channel c) {
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
    public static long timeoutsWaited(Waiting w, long nowPs, long timeoutPs) {
        return (nowPs - w.sincePs()) / timeoutPs;
    }

    /** Removes and returns the waiting messages of endpoint {@code endpoint}, in destination and arrival order. */
    public List<Waiting> takeWaiting(int endpoint) {
        List<Waiting> taken = new ArrayList<>();
        for (ArrayDeque<Waiting> w : waitingInOrder()) {
            w.removeIf(x -> {
                if (x.header().srcEp() == endpoint) {
                    taken.add(x);
                    return true;
                }
                return false;
            });
        }
        return taken;
    }

    /**
     * The host's messages the table holds, for a NIC that loses power: those on a channel without an ACK yet (in
     * destination and channel order), then those waiting for a channel.
     */
    public List<Doorbell.Send> held() {
        List<Doorbell.Send> all = new ArrayList<>();
        for (int dest : active) {
            for (Channel c : of(dest)) {
                if (c.busy && c.origin != null) {
                    all.add(c.origin);
                }
            }
        }
        for (ArrayDeque<Waiting> w : waitingInOrder()) {
            for (Waiting x : w) {
                all.add(x.origin());
            }
        }
        return all;
    }

    public ArrayDeque<Waiting> waiting(int dest, boolean reply) {
        Peer p = peer(dest);
        return reply ? p.replies : p.requests;
    }

    /** Every waiting queue, by destination, requests before replies. */
    private List<ArrayDeque<Waiting>> waitingInOrder() {
        List<ArrayDeque<Waiting>> all = new ArrayList<>();
        for (Peer p : new TreeMap<>(peers).values()) {
            all.add(p.requests);
            all.add(p.replies);
        }
        return all;
    }

    public boolean anyUnacked() {
        return !active.isEmpty();
    }
}
