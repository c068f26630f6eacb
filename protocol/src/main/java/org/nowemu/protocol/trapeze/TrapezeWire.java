package org.nowemu.protocol.trapeze;

import java.nio.ByteBuffer;

/**
 * What Trapeze's host and NIC write into each other's memory, and its packet: a control message of at most 128
 * bytes and at most one payload, sent as one packet (systems §12.1). No source gives the header; this one [E]
 * holds the source node, the control and payload lengths and the message's number among those from this source to
 * this destination (so the ledger can tell which one was dropped): 10 bytes, then the control message, then the
 * payload.
 */
final class TrapezeWire {
    static final int HEADER_BYTES = 10;
    /** The send ring's id in {@link org.nowemu.protocol.parts.ring.FreeFlag}. */
    static final int SEND_RING = 0;
    /** The host image of the receive ring, in {@link org.nowemu.protocol.parts.staging.Arrival}. */
    static final int RECV_RING = 0;

    private TrapezeWire() {
    }

    /** The library opens the device: the receive ring's frames are attached, every entry is the NIC's. */
    record Init() {
    }

    /**
     * A send-ring entry, its ownership flag last: the control message written by PIO, and the payload's DMA address
     * and length ({@code payload} bytes in a page frame of host memory, 0 for none).
     */
    record Post(int index, int dest, int seq, byte[] control, int payload) {
    }

    /** The host hands receive-ring entry {@code index} back, a fresh frame attached. */
    record Return(int index) {
    }

    /** A received message: its source, number, control message and payload length. */
    record Message(int src, int seq, byte[] control, int payload) {
    }

    static byte[] encode(int src, int seq, byte[] control, int payload) {
        return ByteBuffer.allocate(HEADER_BYTES + control.length + payload).putShort((short) src)
                .put((byte) control.length).put((byte) 0).putShort((short) payload).putInt(seq).put(control).array();
    }

    /** The message a body carries, or null if it is not a well-formed Trapeze packet. */
    static Message decode(byte[] body) {
        if (body.length < HEADER_BYTES) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(body);
        int src = b.getShort() & 0xffff;
        int control = b.get() & 0xff;
        b.get();
        int payload = b.getShort() & 0xffff;
        int seq = b.getInt();
        if (HEADER_BYTES + control + payload != body.length) {
            return null;
        }
        byte[] ctrl = new byte[control];
        b.get(ctrl);
        return new Message(src, seq, ctrl, payload);
    }
}
