package org.nowemu.protocol.vn;

import org.nowemu.protocol.wire.Header;

/**
 * One entry of the send channel table, for (destination NIC, channel): stop-and-wait, so at most one packet in
 * flight, kept (with its route) until a positive ACK so it can be sent again.
 */
final class Channel {
    final int number;
    boolean busy;
    /** Alternating bit of the packet in flight (or of the next one). */
    int seq;
    /** Bumped when the channel is reset after an unreachable destination. */
    int epoch;
    Header packet;
    /** The host's send-queue entry the packet came from (it goes back to its endpoint if the packet is taken back). */
    org.nowemu.protocol.nic.Doorbell.Send origin;
    byte[] route;
    /** Timer ticks since the last transmission. */
    int ticks;
    /** Retransmissions since the last feedback (ACK or NACK) from the receiver. */
    int retries;
    /** The receiver NACKed the latest transmission: send it again at the next tick. */
    boolean nacked;
    /** NACKs in a row for this channel's packet: its back-off doubles with each. */
    int nacksInRow;
    /** A retransmission is queued for the send path: a NACK arriving meanwhile answers an older transmission. */
    boolean resendQueued;
    /** 32-bit time stamp of the latest transmission, echoed by its ACK or NACK. */
    int stamp;

    Channel(int number) {
        this.number = number;
    }
}
