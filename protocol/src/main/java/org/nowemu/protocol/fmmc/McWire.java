package org.nowemu.protocol.fmmc;

import java.nio.ByteBuffer;

/**
 * FM/MC's multicast packets and what its library and NIC write into each other's memory for them [E]. A multicast
 * packet's first byte has FM's kind bits set to 3, which FM's own packets never use, so a NIC tells them apart from
 * FM's data and credit packets at a glance. Header (16 bytes): kind, sub-kind (DATA, REQUEST, GRANT, RELEASE, RETURN),
 * handler, pad, the root (or the NIC a control packet is from), the group's first host and size, a count (credits
 * asked, granted or released; a DATA packet's payload bytes), and the message's total length.
 */
final class McWire {
    static final int HEADER_BYTES = 16;
    static final int KIND = 3;
    static final int DATA = 0;
    static final int REQUEST = 1;
    static final int GRANT = 2;
    static final int RELEASE = 3;
    /** Credits a sender gives back unused (its queue emptied). */
    static final int RETURN = 4;

    private McWire() {
    }

    /** Multicast send slot {@code slot}'s ready flag: the packet in it. */
    record McSlot(int slot, byte[] body) {
    }

    /** The NIC is done with multicast send slot {@code slot}. */
    record McFree(int slot) {
    }

    /** A multicast packet in slot {@code slot} of the host's multicast area, flag last. */
    record McArrival(int slot, byte[] body) {
    }

    /** The host's consumer index of its multicast area (written when it frees slots). */
    record McConsumed(long index) {
    }

    /** Whether {@code body} is an FM/MC multicast packet (else one of FM's). */
    static boolean isMulticast(byte[] body) {
        return (body[0] & 3) == KIND;
    }

    record Header(int sub, int handler, int src, int base, int members, int count, int total) {
        void put(byte[] body) {
            ByteBuffer.wrap(body).put((byte) KIND).put((byte) sub).put((byte) handler).put((byte) 0)
                    .putShort((short) src).putShort((short) base).putShort((short) members)
                    .putShort((short) count).putInt(total);
        }

        static Header of(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            b.get();
            int sub = b.get() & 0xff;
            int handler = b.get() & 0xff;
            b.get();
            return new Header(sub, handler, b.getShort() & 0xffff, b.getShort() & 0xffff, b.getShort() & 0xffff,
                    b.getShort() & 0xffff, b.getInt());
        }

        byte[] packet(int payload) {
            byte[] body = new byte[HEADER_BYTES + payload];
            put(body);
            return body;
        }
    }
}
