package org.nowemu.protocol.basic;

import java.nio.ByteBuffer;

/**
 * What the basic protocol's host and NIC write into each other's memory, and its packet header. The survey gives
 * no header layout; this one [E] holds the source node, the payload size and the packet's number among those from
 * this source to this destination (so the receiver can tell what it missed): 8 bytes, then the payload.
 */
final class BasicWire {
    static final int HEADER_BYTES = 8;
    /** The send ring's id in {@link org.nowemu.protocol.parts.ring.FreeFlag}. */
    static final int SEND_RING = 0;
    /** The receive buffers' area id in {@link org.nowemu.protocol.parts.staging.Arrival}. */
    static final int RECV_AREA = 0;

    private BasicWire() {
    }

    /** Device open: the DMA area's physical base and size are given to the NIC, every receive buffer is free. */
    record Init() {
    }

    /**
     * A send descriptor, ready flag last. The packet's bytes are in the descriptor's buffer of the DMA area, where
     * the host copied them; the NIC fetches {@code data.length} bytes from there by DMA.
     */
    record Post(int index, int dest, int seq, byte[] data) {
    }

    /** The host gives receive buffer {@code index} back: its receive-ring descriptor is free again. */
    record Return(int index) {
    }

    /** PM's multisend: one packet in the send area, for each of {@code dests} (numbered {@code seqs}). */
    record MultiPost(int index, int[] dests, int[] seqs, byte[] data) {
    }

    /** Hamlyn's small send: the packet's bytes themselves written by PIO into the NIC's command page. */
    record PioPost(int index, int dest, int seq, byte[] data) {
    }

    /** Hamlyn: a received packet's data written at its offset of the message area (the notification follows). */
    record AreaWrite(int src, int offset, int bytes) {
    }

    /** Host-level credits: the host asks its NIC to return {@code n} credits to {@code dest}. */
    record Credits(int dest, int n) {
    }

    /** Host-level credits: the NIC's DMA writes {@code n} credits that came back from {@code src}. */
    record CreditsBack(int src, int n) {
    }

    /** The NIC gave up packet {@code seq} to {@code dest} (no answer after its retries): its DMA writes this. */
    record GivenUp(int dest, int seq) {
    }

    /** A received packet's header and payload. */
    record Header(int src, int seq, byte[] payload) {
    }

    static byte[] encode(int src, int seq, byte[] payload) {
        return ByteBuffer.allocate(HEADER_BYTES + payload.length).putShort((short) src)
                .putShort((short) payload.length).putInt(seq).put(payload).array();
    }

    /** The header of a body, or null if it is not a well-formed basic-protocol packet. */
    static Header decode(byte[] body) {
        if (body.length < HEADER_BYTES) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(body);
        int src = b.getShort() & 0xffff;
        int size = b.getShort() & 0xffff;
        int seq = b.getInt();
        if (size != body.length - HEADER_BYTES) {
            return null;
        }
        byte[] payload = new byte[size];
        b.get(payload);
        return new Header(src, seq, payload);
    }
}
