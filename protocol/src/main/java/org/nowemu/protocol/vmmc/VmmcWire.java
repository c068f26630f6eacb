package org.nowemu.protocol.vmmc;

import java.nio.ByteBuffer;

/**
 * What VMMC's host and NIC write into each other's memory, and its packets. No source gives the layout [E]: a data
 * packet's header holds its kind and flags, the source node, the export it is for, its length, the offset in the
 * export where it lands and the request's number among those from this source to this destination (for the
 * ledger): 16 bytes, then the data. Import requests and their answers are 12-byte packets between the NICs, the
 * trusted parties that check the exporter's table.
 */
public final class VmmcWire {
    static final int HEADER_BYTES = 16;
    static final byte DATA = 0;
    /** Import messages start with bytes no data packet (0) nor reliability frame (0..3) starts with. */
    static final byte IMPORT = 0x41;
    static final byte GRANT = 0x42;
    static final byte REFUSE = 0x43;
    /** Flag: the request's last packet. */
    static final int LAST = 1;
    /** Flag: notify the receiver when the request's last packet has landed. */
    static final int NOTIFY = 2;
    /** The send queue's id in {@link org.nowemu.protocol.parts.ring.FreeFlag}. */
    static final int SEND_QUEUE = 0;
    /** The notification queue's id in {@link org.nowemu.protocol.parts.staging.Arrival}. */
    static final int NOTIFICATIONS = 0;

    private VmmcWire() {
    }

    /** The process opens the device: its command page is mapped, its notification queue empty. */
    record Init() {
    }

    /** The kernel installs export {@code exp} of {@code bytes} bytes (its pages pinned) in the NIC's page table. */
    record Export(int exp, int bytes) {
    }

    /** The import daemon asks the NIC to import export {@code exp} of host {@code node} as proxy {@code imp}. */
    record Import(int imp, int node, int exp) {
    }

    /** The NIC's answer to an import, DMA'd to the host: granted with the export's size, or refused. */
    record Imported(int imp, boolean granted, int bytes) {
    }

    /**
     * A send request in the command page, written by PIO: {@code length} bytes at the process's virtual address
     * {@code va} to offset {@code offset} of import {@code imp}; {@code seq} numbers it for the ledger; {@code data}
     * is what those bytes are.
     */
    record Send(int index, int imp, int offset, long va, boolean notifies, int seq, byte[] data) {
    }

    /** The NIC has finished with send request {@code index}: accepted, or refused (no such import, out of bounds). */
    record Done(int index, boolean accepted) {
    }

    /**
     * A packet's data landed at {@code offset} of export {@code exp}, in the export's staging pages or
     * ({@code redirected}, VMMC-2) straight in the user buffer the receiver posted for that range; {@code last} of
     * request {@code seq}.
     */
    record Landed(int exp, int offset, byte[] data, int src, int seq, boolean last, boolean redirected) {
    }

    /**
     * VMMC-2: the NIC gave a packet of request {@code seq} to {@code dest} up (the destination stayed silent through
     * every retry), DMA'd to the host: the request comes back to its sender, undelivered.
     */
    record GivenUp(int dest, int seq) {
    }

    /** VMMC-2: the receiver posts a user buffer for bytes {@code offset} to {@code end} of export {@code exp}. */
    record Redirect(int exp, int offset, int end) {
    }

    /** A notification: request {@code seq} from {@code src} filled {@code length} bytes at {@code offset}. */
    record Notification(int src, int exp, int offset, int length, int seq) {
    }

    /** The host gives notification-queue entry {@code slot} back. */
    record NotificationTaken(int slot) {
    }

    /** A data packet's header. */
    record Header(byte kind, int flags, int src, int exp, int length, int offset, int seq) {
    }

    static byte[] data(int src, int exp, int flags, int offset, int seq, byte[] data, int from, int length) {
        return ByteBuffer.allocate(HEADER_BYTES + length).put(DATA).put((byte) flags).putShort((short) src)
                .putShort((short) exp).putShort((short) length).putInt(offset).putInt(seq).put(data, from, length)
                .array();
    }

    /** An import request, grant or refusal: its kind, the asking node, the proxy and export numbers, the size. */
    static byte[] control(byte kind, int node, int imp, int exp, int bytes) {
        return ByteBuffer.allocate(12).put(kind).put((byte) 0).putShort((short) node).putShort((short) imp)
                .putShort((short) exp).putInt(bytes).array();
    }

    static Header header(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body);
        return new Header(b.get(), b.get(), b.getShort() & 0xffff, b.getShort() & 0xffff, b.getShort() & 0xffff,
                b.getInt(), b.getInt());
    }
}
