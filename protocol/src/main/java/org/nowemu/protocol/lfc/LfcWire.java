package org.nowemu.protocol.lfc;

import java.nio.ByteBuffer;

/**
 * What LFC's library and NIC write into each other's memory, and its packet header [E] (LFC's own layout was not
 * available): kind and message flags, the sender (a multicast's root), the NIC it came from on this hop (whose
 * credit it used), the payload bytes, credits returned to the receiving NIC, the group (a multicast's: hosts {@code base} ..
 * {@code base + members - 1}) and the message's total length: 18 bytes, then the payload.
 */
public final class LfcWire {
    public static final int HEADER_BYTES = 18;
    public static final int DATA = 1;
    public static final int MCAST = 2;
    public static final int CREDIT = 3;

    private LfcWire() {
    }

    /** The library's start: where the receive ring is (the user translated its address). */
    record Init(boolean interrupts) {
    }

    /** Send buffer {@code slot}'s ready flag: the packet in it, for {@code dest} (a multicast: ignored). */
    record SlotReady(int slot, int dest, byte[] body) {
    }

    /** The host's consumer index of the receive ring, written when it frees slots (the watchdog's "poll"). */
    record Consumed(long index) {
    }

    /** lfc_intr_enable / lfc_intr_disable. */
    record Interrupts(boolean on) {
    }

    /** The NIC's interrupt, delivered to the process. */
    record Interrupt() {
    }

    /**
     * A packet's header.
     *
     * @param kind    DATA, MCAST or CREDIT
     * @param first   the first packet of its message
     * @param last    the last packet of its message
     * @param src     the sending host (a multicast's root)
     * @param hop     the NIC that put it on this link (set by each NIC that sends it)
     * @param bytes   payload bytes in this packet
     * @param credits NIC credits returned to the receiving NIC
     * @param base    a multicast's group's first host
     * @param members its size
     * @param total   the whole message's length
     */
    public record Header(int kind, boolean first, boolean last, int src, int hop, int bytes, int credits,
                         int base, int members, int total) {
        public void put(byte[] body) {
            ByteBuffer.wrap(body).put((byte) (kind | (first ? 4 : 0) | (last ? 8 : 0))).put((byte) 0)
                    .putShort((short) src).putShort((short) hop).putShort((short) bytes).putShort((short) credits)
                    .putShort((short) base).putShort((short) members).putInt(total);
        }

        public static Header of(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            int flags = b.get() & 0xff;
            b.get();
            return new Header(flags & 3, (flags & 4) != 0, (flags & 8) != 0, b.getShort() & 0xffff,
                    b.getShort() & 0xffff, b.getShort() & 0xffff, b.getShort() & 0xffff, b.getShort() & 0xffff,
                    b.getShort() & 0xffff, b.getInt());
        }

        /** This header with the hop and returned credits a NIC sets as it transmits. */
        Header sentBy(int nic, int returned) {
            return new Header(kind, first, last, src, nic, bytes, returned, base, members, total);
        }
    }
}
