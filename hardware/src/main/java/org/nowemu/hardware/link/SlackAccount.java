package org.nowemu.hardware.link;

import org.nowemu.hardware.profile.LinkSettings;

/**
 * The fill level of one STOP/GO slack buffer and the two thresholds that make it ask for STOP and GO, kept apart
 * from the flits themselves: a NIC's {@link SlackBuffer} holds its flits and its count together, while the count
 * of a switch input is kept by whichever port of the switch drains that input at the moment (see
 * {@link org.nowemu.hardware.switching.SwitchPort}).
 *
 * <p>After a STOP leaves, flits keep arriving for as long as the transmitter learns of it and the flits already
 * on the cable land: at most {@code R = ceil((2 * propagation + receiver latency) / flit time) + 1} flits. So
 * STOP goes out as soon as the occupancy exceeds {@code capacity - (R + 1) * flit} and the buffer can never
 * overflow; an overflow would lose bytes and fails the run. GO goes out when the occupancy falls one flit below
 * that threshold (or to zero).
 */
public final class SlackAccount {
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
    public SlackAccount(LinkSettings link, int flitBytes, long receiverLatency) {
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

    /** Counts {@code bytes} more; returns true when a STOP must be sent now. */
    public boolean add(int bytes) {
        occupancy += bytes;
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

    /** Counts {@code bytes} fewer; returns true when a GO must be sent now. */
    public boolean remove(int bytes) {
        occupancy -= bytes;
        if (stopSent && occupancy <= goAtOrBelow) {
            stopSent = false;
            return true;
        }
        return false;
    }

    /** Takes over a count kept elsewhere until now: its occupancy and whether STOP is being held. */
    public void reset(int bytes, boolean holdingStop) {
        occupancy = bytes;
        stopSent = holdingStop;
    }

    /** Whether an occupancy of {@code bytes} is past the STOP threshold. */
    public boolean wouldStop(int bytes) {
        return bytes > stopAbove;
    }

    /** Whether the last symbol this buffer asked for was STOP (a GO is owed when it drains). */
    public boolean holdingStop() {
        return stopSent;
    }

    public int occupancy() {
        return occupancy;
    }
}
