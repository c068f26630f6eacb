package org.nowemu.protocol.fm;

import java.nio.ByteBuffer;

/**
 * What FM's host library and NIC write into each other's memory, and its packet header [E] (no source gives a
 * layout; FM 1.x needs {handler, source, message length, last-packet flag, piggy-backed credits}, FM 2.x also the
 * first flag and the bytes in this packet): kind and flags, handler, source, payload bytes, credits (two bytes
 * each) and the message's total length (four), 12 bytes, then the payload. No sequence number: FM has none, in-order
 * delivery comes from the network.
 */
public final class FmWire {
    public static final int HEADER_BYTES = 12;
    public static final int DATA = 1;
    public static final int CREDIT = 2;
    /** The send slots' ring id in {@code FreeFlag}. */
    static final int SEND_SLOTS = 0;
    /** The host's data and control areas, in {@code Arrival}. */
    static final int DATA_AREA = 0;
    static final int CONTROL_AREA = 1;

    private FmWire() {
    }

    /** FM_initialize: the receive area's physical base and size are given to the NIC. */
    record Init() {
    }

    /** Send slot {@code slot}'s ready flag: the packet in it (its header and payload), for {@code dest}. */
    record SlotReady(int slot, int dest, byte[] body) {
    }

    /**
     * A packet's header.
     *
     * @param kind    DATA or CREDIT
     * @param first   the first packet of its message
     * @param last    the last packet of its message
     * @param handler the handler id the message names
     * @param src     the sending host
     * @param bytes   payload bytes in this packet
     * @param credits credits returned to the receiver (piggy-backed, or a credit packet's own)
     * @param total   the whole message's length
     */
    public record Header(int kind, boolean first, boolean last, int handler, int src, int bytes, int credits,
                         int total) {
        public void put(byte[] body) {
            ByteBuffer.wrap(body).put((byte) (kind | (first ? 4 : 0) | (last ? 8 : 0))).put((byte) handler)
                    .putShort((short) src).putShort((short) bytes).putShort((short) credits).putInt(total);
        }

        /** The header at the start of {@code body}. */
        public static Header of(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            int flags = b.get() & 0xff;
            return new Header(flags & 3, (flags & 4) != 0, (flags & 8) != 0, b.get() & 0xff, b.getShort() & 0xffff,
                    b.getShort() & 0xffff, b.getShort() & 0xffff, b.getInt());
        }
    }
}
