package org.nowemu.hardware.link;

import java.util.ArrayDeque;
import org.nowemu.hardware.profile.LinkSettings;

/**
 * The receiving end of one link direction: the STOP/GO slack buffer of a switch input or of a NIC's receive
 * DMA. Flits wait here until the owner moves them on; the buffer says when to send STOP (before the next
 * arrivals could overflow it) and when to send GO again.
 *
 * <p>After a STOP leaves, flits keep arriving for as long as the transmitter learns of it and the flits already
 * on the cable land: at most {@code R = ceil((2 * propagation + receiver latency) / flit time) + 1} flits. So
 * STOP goes out as soon as the occupancy exceeds {@code capacity - (R + 1) * flit} and the buffer can never
 * overflow; an overflow would lose bytes and fails the run. GO goes out when the occupancy falls one flit below
 * that threshold (or to zero).
 *
 * <p>Statistics: none of its own; the owner counts STOPs.
 */
public final class SlackBuffer {
    private final ArrayDeque<Flit> flits = new ArrayDeque<>();
    private final int capacity;
    private final int stopAbove;
    private final int goAtOrBelow;
    private int occupancy;
    private boolean stopSent;

    /**
     * @param link            the link's settings (capacity, rate, propagation)
     * @param flitBytes       flit size
     * @param receiverLatency delay the receiver adds to every arriving flit (a switch's fall-through; 0 for a NIC)
     */
    public SlackBuffer(LinkSettings link, int flitBytes, long receiverLatency) {
        this.capacity = link.slackBytes();
        this.stopAbove = capacity - (inFlightFlits(link, flitBytes, receiverLatency) + 1) * flitBytes;
        if (stopAbove < 0) {
            throw new IllegalArgumentException("slack buffer of " + capacity + " B is below the minimum "
                    + minimumBytes(link, flitBytes, receiverLatency) + " B");
        }
        this.goAtOrBelow = Math.max(0, stopAbove - flitBytes);
    }

    /** Flits that can still arrive after a STOP is sent. */
    static int inFlightFlits(LinkSettings link, int flitBytes, long receiverLatency) {
        long flitTime = link.rate().psFor(flitBytes);
        long window = 2 * link.propagation() + receiverLatency;
        return (int) ((window + flitTime - 1) / flitTime) + 1;
    }

    /** The smallest slack buffer that works with these settings: the in-flight flits and one waiting flit. */
    public static long minimumBytes(LinkSettings link, int flitBytes, long receiverLatency) {
        return (long) (inFlightFlits(link, flitBytes, receiverLatency) + 1) * flitBytes;
    }

    /** Takes an arriving flit; returns true when a STOP must be sent now. */
    public boolean add(Flit f) {
        flits.add(f);
        occupancy += f.bytes();
        if (occupancy > capacity) {
            throw new IllegalStateException("slack buffer overflow: " + occupancy + " B in a buffer of " + capacity
                    + " B; bytes would be lost (the transmitter ignored STOP)");
        }
        if (!stopSent && occupancy > stopAbove) {
            stopSent = true;
            return true;
        }
        return false;
    }

    /** The oldest waiting flit, or null. */
    public Flit peek() {
        return flits.peek();
    }

    /** Removes the oldest flit; returns true when a GO must be sent now. */
    public boolean remove() {
        Flit f = flits.poll();
        occupancy -= f.bytes();
        if (stopSent && occupancy <= goAtOrBelow) {
            stopSent = false;
            return true;
        }
        return false;
    }

    /** Whether the last symbol this buffer asked for was STOP (a GO is owed when it drains). */
    public boolean holdingStop() {
        return stopSent;
    }

    public int occupancy() {
        return occupancy;
    }

    /** Whether a packet's last flit is among those waiting (the packet in progress has all arrived). */
    public boolean holdsTail() {
        for (Flit f : flits) {
            if (f.tail()) {
                return true;
            }
        }
        return false;
    }

    public boolean isEmpty() {
        return flits.isEmpty();
    }
}
