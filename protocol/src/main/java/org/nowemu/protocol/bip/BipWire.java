package org.nowemu.protocol.bip;

import java.nio.ByteBuffer;

/**
 * What BIP's library and NIC write into each other's memory, and its packet header. No source gives a layout; this
 * one [E] holds what systems §5.5 lists: kind, tag, source, the message's total length, the packet's byte
 * offset in it, and the message's number among those from this source to this destination (for the ledger; BIP's
 * in-order delivery needs none): 16 bytes, then the payload.
 */
final class BipWire {
    static final int HEADER_BYTES = 16;
    static final int SHORT = 1;
    static final int LONG = 2;
    /** The short-message send slots' ring id in {@code FreeFlag}. */
    static final int SEND_SLOTS = 0;

    private BipWire() {
    }

    /** bip_init: the tag queues' rings in pinned host memory are given to the NIC. */
    record Init() {
    }

    /** Short-message send slot {@code slot}'s ready flag: the packet (header and data) the host wrote into it. */
    record ShortReady(int slot, int dest, byte[] body) {
    }

    /**
     * A long send's descriptor: destination, tag, length, sequence number and the user buffer as a list of
     * physical segments (here their lengths: one per page the buffer touches, from its offset {@code first} in its
     * first page).
     */
    record LongSend(int dest, int tag, int bytes, int seq, int first) {
    }

    /**
     * The one posted receive: its tag, the largest message it takes, the user buffer's offset in its first page
     * (its segments are cut at the receiver's page boundaries), and how many of the tag's ring messages the library
     * had taken when it posted (so the NIC knows whether one is still waiting there for it).
     */
    record PostRecv(int tag, int maxBytes, int first, long consumed) {
    }

    /** The library has taken ring message number {@code consumed} (from 1) of queue {@code tag}: its slot is free. */
    record Consumed(int tag, long consumed) {
    }

    /** The long send is done: the NIC has put its last packet on the wire (the completion word, by DMA). */
    record SendDone() {
    }

    /** The posted receive is complete (the completion word, by DMA): a long message of {@code bytes} from {@code src}
     * is in the user buffer. */
    record RecvDone(int src, int bytes, int seq) {
    }

    /** A packet's header. */
    record Header(int kind, int tag, int src, int total, int offset, int seq) {
        byte[] with(int payload) {
            byte[] body = new byte[HEADER_BYTES + payload];
            ByteBuffer.wrap(body).put((byte) kind).put((byte) tag).putShort((short) src).putInt(total).putInt(offset)
                    .putInt(seq);
            return body;
        }

        static Header of(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            return new Header(b.get() & 0xff, b.get() & 0xff, b.getShort() & 0xffff, b.getInt(), b.getInt(),
                    b.getInt());
        }
    }
}
