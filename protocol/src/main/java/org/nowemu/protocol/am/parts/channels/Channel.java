package org.nowemu.protocol.am.parts.channels;

import org.nowemu.protocol.am.wire.Header;

/**
 * One entry of the send channel table, for (destination NIC, channel): stop-and-wait, so at most one packet in
 * flight, kept (with its route) until a positive ACK so it can be sent again. A plain record of NIC memory: the
 * channel parts and the send path read and write its fields, within one firmware.
 */
public final class Channel {
    public final int number;
    public boolean busy;
    /** Alternating bit of the packet in flight (or of the next one). */
    public int seq;
    /** Bumped when the channel is reset after an unreachable destination. */
    public int epoch;
    public Header packet;
    /** The host's send-queue entry the packet came from (it goes back to its endpoint if the packet is taken back). */
    public org.nowemu.protocol.am.nic.Doorbell.Send origin;
    public byte[] route;
    /** Timer ticks since the last transmission. */
    public int ticks;
    /** Retransmissions since the last feedback (ACK or NACK) from the receiver. */
    public int retries;
    /** The receiver NACKed the latest transmission: send it again at the next tick. */
    public boolean nacked;
    /** NACKs in a row for this channel's packet: its back-off doubles with each. */
    public int nacksInRow;
    /** A retransmission is queued for the send path: a NACK arriving meanwhile answers an older transmission. */
    public boolean resendQueued;
    /** 32-bit time stamp of the latest transmission, echoed by its ACK or NACK. */
    public int stamp;

    Channel(int number) {
        this.number = number;
    }

    /**
     * Its packet {@code h} goes on the wire at {@code nowPs}: the transmission's 32-bit time stamp (microseconds) is
     * recorded here and in the header, which the ACK or NACK echoes; the tick count starts again.
     */
    public Header transmitted(Header h, long nowPs) {
        int now = (int) (nowPs / 1_000_000L);
        stamp = now;
        ticks = 0;
        nacked = false;
        resendQueued = false;
        Header stamped = h.withChannel(h.channel(), h.seq(), h.epoch(), now);
        packet = stamped;
        return stamped;
    }
}
