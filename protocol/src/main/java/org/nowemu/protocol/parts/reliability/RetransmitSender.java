package org.nowemu.protocol.parts.reliability;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The sending NIC's unacknowledged-packet store (SRAM), per destination, go-back-N: a data packet is numbered and
 * kept until an ACK covers it; at most {@code window} are kept per destination (1: the alternating bit's
 * stop-and-wait) and {@code store} in all. A NACK, or silence for the timeout, sends the kept packets again from the one expected, in order,
 * under a new go-back stamp; a NACK carrying an older stamp answers a transmission already replaced and is ignored.
 * After {@code maxRetries} timeouts in a row the destination is given up: its kept packets go back to their
 * senders. Only tables: sending, timers and costs are the caller's ({@link NicReliability}).
 */
public final class RetransmitSender {
    /** A kept packet: its number, its frame as sent, what the firmware keeps with it. */
    public record Kept(int seq, byte[] frame, Object token) {
    }

    private static final class Dest {
        final ArrayDeque<Kept> kept = new ArrayDeque<>();
        int nextSeq;
        int stamp;
        int timeouts;
        long lastHeardPs;
        boolean goBackPending;
        boolean timerArmed;
        /** Given up: the next packet numbered tells the receiver to expect its number. */
        boolean resync;
    }

    private final Dest[] dests;
    private final int window;
    private final int store;
    private int keptInAll;

    /**
     * @param window packets kept unacknowledged per destination
     * @param store  packets the SRAM store holds in all, shared by the destinations
     */
    public RetransmitSender(int hosts, int window, int store) {
        this.dests = new Dest[hosts];
        this.window = window;
        this.store = store;
    }

    private Dest d(int dest) {
        if (dests[dest] == null) {
            dests[dest] = new Dest();
        }
        return dests[dest];
    }

    /** Whether another packet to {@code dest} may be numbered and sent now. */
    public boolean canSend(int dest) {
        return d(dest).kept.size() < window && keptInAll < store;
    }

    /** The number and stamp the next data packet to {@code dest} takes: {seq, stamp}. */
    public int[] next(int dest) {
        Dest x = d(dest);
        return new int[] {x.nextSeq, x.stamp};
    }

    /**
     * Whether the next packet numbered for {@code dest} must carry the resync mark (the first after a give-up);
     * asking clears it, so ask once per packet, as it is numbered.
     */
    public boolean takeResync(int dest) {
        Dest x = d(dest);
        boolean r = x.resync;
        x.resync = false;
        return r;
    }

    /** Keeps data packet {@code frame} (numbered by {@link #next}) sent to {@code dest} at {@code nowPs}. */
    public void keep(int dest, byte[] frame, Object token, long nowPs) {
        Dest x = d(dest);
        if (x.kept.isEmpty()) {
            x.lastHeardPs = nowPs;
        }
        x.kept.add(new Kept(x.nextSeq++, frame, token));
        keptInAll++;
    }

    /** ACK of every packet up to {@code seq}: returns the packets it frees, oldest first. */
    public List<Kept> ack(int dest, int seq, long nowPs) {
        Dest x = d(dest);
        List<Kept> freed = new ArrayList<>();
        while (!x.kept.isEmpty() && x.kept.peek().seq() - seq <= 0) {
            freed.add(x.kept.poll());
            keptInAll--;
        }
        x.lastHeardPs = nowPs;
        x.timeouts = 0;
        return freed;
    }

    /**
     * NACK from {@code dest} expecting {@code seq}, of a transmission stamped {@code stamp}: whether a go-back
     * should be scheduled (false for a stale NACK or one already scheduled). Packets before {@code seq} were taken.
     */
    public boolean nack(int dest, int seq, int stamp, long nowPs, List<Kept> freed) {
        freed.addAll(ack(dest, seq - 1, nowPs));
        Dest x = d(dest);
        if (stamp != (x.stamp & 0xff) || x.goBackPending || x.kept.isEmpty()) {
            return false;
        }
        x.goBackPending = true;
        return true;
    }

    /** Goes back: the kept packets to send again, oldest first, under a new stamp (the caller restamps them). */
    public List<Kept> goBack(int dest) {
        Dest x = d(dest);
        x.goBackPending = false;
        x.stamp++;
        return List.copyOf(x.kept);
    }

    public int stamp(int dest) {
        return d(dest).stamp & 0xff;
    }

    /** Replaces kept packet {@code seq}'s frame (restamped for a resend). */
    public void restamped(int dest, Kept k, byte[] frame) {
        Dest x = d(dest);
        ArrayDeque<Kept> again = new ArrayDeque<>();
        for (Kept e : x.kept) {
            again.add(e.seq() == k.seq() ? new Kept(k.seq(), frame, k.token()) : e);
        }
        x.kept.clear();
        x.kept.addAll(again);
    }

    /** What the timer of {@code dest} finds at {@code nowPs}. */
    public enum Silence { NOTHING_KEPT, NOT_YET, GO_BACK, GIVE_UP }

    public Silence silence(int dest, long nowPs, long timeoutPs, int maxRetries) {
        Dest x = d(dest);
        if (x.kept.isEmpty()) {
            x.timeouts = 0;
            return Silence.NOTHING_KEPT;
        }
        if (nowPs - x.lastHeardPs < timeoutPs) {
            return Silence.NOT_YET;
        }
        x.lastHeardPs = nowPs;
        return ++x.timeouts > maxRetries ? Silence.GIVE_UP : Silence.GO_BACK;
    }

    /**
     * Gives every kept packet to {@code dest} up: returns them, oldest first. Numbering goes on where it was (the
     * receiver may have taken none, some or all of them, their ACKs lost), and the next packet numbered carries the
     * resync mark, so the receiver expects its number rather than one given up.
     */
    public List<Kept> giveUp(int dest) {
        Dest x = d(dest);
        List<Kept> all = List.copyOf(x.kept);
        if (!all.isEmpty()) {
            x.resync = true;
        }
        x.kept.clear();
        keptInAll -= all.size();
        x.timeouts = 0;
        x.goBackPending = false;
        return all;
    }

    /** When the silence of {@code dest} was last broken (ps). */
    public long lastHeard(int dest) {
        return d(dest).lastHeardPs;
    }

    /** Whether a timer is armed for {@code dest}; sets it to {@code armed}, returning the old value. */
    public boolean armTimer(int dest, boolean armed) {
        Dest x = d(dest);
        boolean was = x.timerArmed;
        x.timerArmed = armed;
        return was;
    }

    public int kept(int dest) {
        return d(dest).kept.size();
    }

    /** Every kept packet's destination and token, destination by destination, oldest first. */
    public void forEachKept(java.util.function.BiConsumer<Integer, Object> f) {
        for (int dest = 0; dest < dests.length; dest++) {
            if (dests[dest] != null) {
                for (Kept k : dests[dest].kept) {
                    f.accept(dest, k.token());
                }
            }
        }
    }
}
