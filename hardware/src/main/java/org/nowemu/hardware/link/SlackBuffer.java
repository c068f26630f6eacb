package org.nowemu.hardware.link;

import java.util.ArrayDeque;
import org.nowemu.hardware.profile.LinkSettings;

/**
 * The receiving end of one link direction at a NIC's receive DMA: the STOP/GO slack buffer. Flits wait here
 * until the owner moves them on; the buffer's {@link SlackAccount} says when to send STOP (before the next
 * arrivals could overflow it) and when to send GO again.
 *
 * <p>Statistics: none of its own; the owner counts STOPs.
 */
public final class SlackBuffer {
    private final ArrayDeque<Flit> flits = new ArrayDeque<>();
    private final SlackAccount account;

    /**
     * @param link            the link's settings (capacity, rate, propagation)
     * @param flitBytes       flit size
     * @param receiverLatency delay the receiver adds to every arriving flit (0 for a NIC)
     */
    public SlackBuffer(LinkSettings link, int flitBytes, long receiverLatency) {
        this.account = new SlackAccount(link, flitBytes, receiverLatency);
    }

    /** The smallest slack buffer that works with these settings: the in-flight flits and one waiting flit. */
    public static long minimumBytes(LinkSettings link, int flitBytes, long receiverLatency) {
        return SlackAccount.minimumBytes(link, flitBytes, receiverLatency);
    }

    /** Takes an arriving flit; returns true when a STOP must be sent now. */
    public boolean add(Flit f) {
        flits.add(f);
        return account.add(f.bytes());
    }

    /** The oldest waiting flit, or null. */
    public Flit peek() {
        return flits.peek();
    }

    /** Removes the oldest flit; returns true when a GO must be sent now. */
    public boolean remove() {
        return account.remove(flits.poll().bytes());
    }

    /** Whether the last symbol this buffer asked for was STOP (a GO is owed when it drains). */
    public boolean holdingStop() {
        return account.holdingStop();
    }

    public int occupancy() {
        return account.occupancy();
    }

    public boolean isEmpty() {
        return flits.isEmpty();
    }
}
