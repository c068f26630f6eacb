package org.nowemu.protocol.unet;

import java.nio.ByteBuffer;

/**
 * What U-Net's host and NIC write into each other's memory, and its packet. No source gives a Myrinet U-Net header;
 * this one [E] holds the source node, the channel's tag at the destination, the data length, whether the data rides
 * in the descriptor, and the message's number among those from this source to this destination (for the ledger):
 * 12 bytes, then the data. A descriptor the NIC writes into the receive queue is the buffer it used (-1: the data is
 * in the descriptor), then the packet.
 */
final class UnetWire {
    static final int HEADER_BYTES = 12;
    /** The send queue's id in {@link org.nowemu.protocol.parts.ring.FreeFlag}. */
    static final int SEND_QUEUE = 0;
    /** The receive queue's id in {@link org.nowemu.protocol.parts.staging.Arrival}. */
    static final int RECV_QUEUE = 0;

    private UnetWire() {
    }

    /** The endpoint is created: its segment pinned and registered with the NIC, its tag that of this host. */
    record Init() {
    }

    /** The kernel installs channel {@code channel} of the endpoint: messages on it go to host {@code dest}. */
    record Channel(int channel, int dest) {
    }

    /**
     * A send-queue descriptor, its ready flag last: {@code data.length} bytes at {@code offset} of the segment (or,
     * with the NIC's TLB, at that virtual address), or carried in the descriptor ({@code inline}). {@code data} is
     * what the bytes are, wherever they lie.
     */
    record Send(int index, int channel, long offset, int seq, boolean inline, byte[] data) {
        int length() {
            return data.length;
        }
    }

    /** The host gives receive-queue entry {@code slot} back and, unless -1, buffer {@code buffer} to the free queue. */
    record Consumed(int slot, int buffer) {
    }

    /** A received packet's header. */
    record Header(int src, int tag, int length, boolean inline, int seq) {
    }

    static byte[] encode(int src, int tag, boolean inline, int seq, byte[] data) {
        return ByteBuffer.allocate(HEADER_BYTES + data.length).putShort((short) src).putShort((short) tag)
                .putShort((short) data.length).put((byte) (inline ? 1 : 0)).put((byte) 0).putInt(seq).put(data)
                .array();
    }

    /** The header of a body, or null if it is not a well-formed U-Net packet. */
    static Header decode(byte[] body) {
        if (body.length < HEADER_BYTES) {
            return null;
        }
        Header h = header(ByteBuffer.wrap(body));
        return HEADER_BYTES + h.length() == body.length ? h : null;
    }

    static Header header(ByteBuffer b) {
        int src = b.getShort() & 0xffff;
        int tag = b.getShort() & 0xffff;
        int length = b.getShort() & 0xffff;
        boolean inline = b.get() == 1;
        b.get();
        return new Header(src, tag, length, inline, b.getInt());
    }

    /**
     * What the host finds once a packet is delivered: the buffer used (-1 for none), then the packet (its header in
     * the descriptor; its data there too if inline, else in the buffer, which the same host sees).
     */
    static byte[] descriptor(int buffer, byte[] body) {
        return ByteBuffer.allocate(4 + body.length).putInt(buffer).put(body).array();
    }
}
