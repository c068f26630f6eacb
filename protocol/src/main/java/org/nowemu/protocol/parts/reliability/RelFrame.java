package org.nowemu.protocol.parts.reliability;

import java.nio.ByteBuffer;

/**
 * The reliability header in front of a system's own packet body, when its choice puts one on the wire (every
 * choice but {@code none} and {@code backpressure}, which need nothing from the packet) [E]: kind, a byte of value
 * (DATA: the sender's go-back stamp, echoed by a NACK so the sender can tell a NACK of a transmission it has
 * already replaced; CREDIT: the credits returned), the source node and the packet's sequence number among those
 * from that source to this destination: 8 bytes. ACK, NACK and CREDIT frames carry no body. RESYNC is a DATA frame
 * that also tells the receiver to expect its number if it expected an older one: the first packet a sender numbers
 * after giving its destination up, since the receiver may have taken none, some or all of what was given up.
 *
 * @param kind    what the frame is
 * @param value   stamp (DATA, NACK) or credits (CREDIT), 0..255
 * @param src     the sending node
 * @param seq     DATA: its number; ACK: the highest number taken in order; NACK: the number expected next
 * @param payload the system's body (DATA), empty otherwise
 */
public record RelFrame(Kind kind, int value, int src, int seq, byte[] payload) {
    public static final int HEADER_BYTES = 8;

    /** What a frame is. */
    public enum Kind { DATA, ACK, NACK, CREDIT, RESYNC;

        /** Whether the frame carries a packet of the system's (DATA or RESYNC). */
        public boolean data() {
            return this == DATA || this == RESYNC;
        }
    }

    public byte[] encode() {
        return ByteBuffer.allocate(HEADER_BYTES + payload.length).put((byte) kind.ordinal()).put((byte) value)
                .putShort((short) src).putInt(seq).put(payload).array();
    }

    /** The frame of a received body, or null if it is not one. */
    public static RelFrame decode(byte[] body) {
        if (body.length < HEADER_BYTES || body[0] < 0 || body[0] >= Kind.values().length) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(body);
        Kind kind = Kind.values()[b.get()];
        int value = b.get() & 0xff;
        int src = b.getShort() & 0xffff;
        int seq = b.getInt();
        if (!kind.data() && body.length != HEADER_BYTES) {
            return null;
        }
        byte[] payload = new byte[body.length - HEADER_BYTES];
        b.get(payload);
        return new RelFrame(kind, value, src, seq, payload);
    }

    /** A control frame (no body). */
    public static RelFrame control(Kind kind, int value, int src, int seq) {
        return new RelFrame(kind, value & 0xff, src, seq, new byte[0]);
    }
}
