package org.nowemu.protocol.am.wire;

import java.nio.ByteBuffer;

/**
 * The firmware-private header of a VN-transport packet, and the packet body it heads: what the NIC puts on the
 * wire after the route bytes. Applications never see or write it; the sending NIC builds it from the endpoint's
 * send-queue entry and its own tables. Encoded big-endian into {@value #BYTES} bytes, then the argument words,
 * then the data, so a flipped bit on a link corrupts real fields (the CRC catches it first).
 *
 * @param type      {@link #DATA}, {@link #ACK}, {@link #NACK} or {@link #RETURN}
 * @param reply     travels on the reply channels into a reply-receive queue
 * @param channel   logical channel (0..2K-1: requests first, then replies)
 * @param seq       alternating-bit sequence number (0 or 1)
 * @param epoch     channel epoch: a channel reset after an unreachable destination starts a new one
 * @param status    0, or an {@code AmError} code (ACK: why the receiver refused; RETURN: why it comes back)
 * @param handler   handler index
 * @param srcNic    sending NIC
 * @param srcEp     sending endpoint
 * @param dstEp     destination endpoint
 * @param tag       the tag the sender uses for the destination endpoint
 * @param srcTag    the sending endpoint's own tag, for the reply
 * @param msgId     run-unique message id
 * @param timestamp 32-bit send time of this transmission (in LANai-visible microseconds), echoed by ACK/NACK
 * @param offset    bulk offset at the receiver, or -1
 * @param args      argument words
 * @param data      medium data (empty for short messages and control packets)
 * @param dstNic    the NIC the packet is for ({@link #ANY_NIC}: not checked), so a NIC that receives a packet
 *                  sent along a wrong route drops it instead of taking it for its own
 * @param boot      the sending NIC's incarnation (its power-ons, modulo 256)
 * @param peerBoot  the incarnation of the receiving NIC as the sender knows it: a NIC that has rebooted since
 *                  refuses packets meant for its previous life
 */
public record Header(int type, boolean reply, int channel, int seq, int epoch, int status, int handler, int srcNic,
                     int srcEp,                     int dstEp, int tag, int srcTag, long msgId, int timestamp, int offset, int[] args, byte[] data,
                     int dstNic, int boot, int peerBoot) {
    public static final int DATA = 1;
    public static final int ACK = 2;
    public static final int NACK = 3;
    public static final int RETURN = 4;
    /** Bytes of the fixed part. */
    public static final int BYTES = 44;
    /** A destination NIC that is not checked (packets built before the destination is known, tests). */
    public static final int ANY_NIC = 0xffff;

    /** A header with no destination check and both incarnations 0. */
    public Header(int type, boolean reply, int channel, int seq, int epoch, int status, int handler, int srcNic,
                  int srcEp, int dstEp, int tag, int srcTag, long msgId, int timestamp, int offset, int[] args,
                  byte[] data) {
        this(type, reply, channel, seq, epoch, status, handler, srcNic, srcEp, dstEp, tag, srcTag, msgId, timestamp,
                offset, args, data, ANY_NIC, 0, 0);
    }

    /** Packet body: the header, the arguments, the data. */
    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(BYTES + 4 * args.length + data.length);
        b.put((byte) type).put((byte) (reply ? 1 : 0)).put((byte) channel).put((byte) seq).put((byte) epoch)
                .put((byte) status).put((byte) handler).put((byte) args.length)
                .putShort((short) srcNic).putShort((short) dstNic).putShort((short) srcEp).putShort((short) dstEp).putInt(tag)
                .putInt(srcTag).putLong(msgId).putInt(timestamp).putInt(offset).putShort((short) data.length)
                .put((byte) boot).put((byte) peerBoot);
        for (int a : args) {
            b.putInt(a);
        }
        b.put(data);
        return b.array();
    }

    /** The header of a body, or null when the body is not a well-formed VN-transport packet. */
    public static Header decode(byte[] body) {
        if (body.length < BYTES) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(body);
        int type = b.get() & 0xff;
        if (type < DATA || type > RETURN) {
            return null;
        }
        boolean reply = (b.get() & 1) != 0;
        int channel = b.get() & 0xff;
        int seq = b.get() & 0xff;
        int epoch = b.get() & 0xff;
        int status = b.get() & 0xff;
        int handler = b.get() & 0xff;
        int nargs = b.get() & 0xff;
        int srcNic = b.getShort() & 0xffff;
        int dstNic = b.getShort() & 0xffff;
        int srcEp = b.getShort() & 0xffff;
        int dstEp = b.getShort() & 0xffff;
        int tag = b.getInt();
        int srcTag = b.getInt();
        long msgId = b.getLong();
        int timestamp = b.getInt();
        int offset = b.getInt();
        int length = b.getShort() & 0xffff;
        int boot = b.get() & 0xff;
        int peerBoot = b.get() & 0xff;
        if (body.length != BYTES + 4 * nargs + length) {
            return null;
        }
        int[] args = new int[nargs];
        for (int i = 0; i < nargs; i++) {
            args[i] = b.getInt();
        }
        byte[] data = new byte[length];
        b.get(data);
        return new Header(type, reply, channel, seq, epoch, status, handler, srcNic, srcEp, dstEp, tag, srcTag, msgId,
                timestamp, offset, args, data, dstNic, boot, peerBoot);
    }

    /** A control packet of {@code kind} (ACK or NACK) from NIC {@code from} answering this one, with {@code status}. */
    public Header answer(int kind, int status, int from) {
        return new Header(kind, reply, channel, seq, epoch, status, 0, from, dstEp, srcEp, 0, 0, msgId, timestamp, -1,
                new int[0], new byte[0], srcNic, 0, 0);
    }

    public Header withType(int newType, int newStatus) {
        return new Header(newType, reply, channel, seq, epoch, newStatus, handler, srcNic, srcEp, dstEp, tag, srcTag, msgId,
                timestamp, offset, args, data, dstNic, boot, peerBoot);
    }

    public Header withChannel(int newChannel, int newSeq, int newEpoch, int newTimestamp) {
        return new Header(type, reply, newChannel, newSeq, newEpoch, status, handler, srcNic, srcEp, dstEp, tag, srcTag, msgId,
                newTimestamp, offset, args, data, dstNic, boot, peerBoot);
    }

    /** This packet addressed to NIC {@code nic} (a returned message travels back to its source). */
    public Header toward(int nic) {
        return new Header(type, reply, channel, seq, epoch, status, handler, srcNic, srcEp, dstEp, tag, srcTag, msgId,
                timestamp, offset, args, data, nic, boot, peerBoot);
    }

    /** This packet with the sender's incarnation and the receiver's as the sender knows it. */
    public Header withBoots(int newBoot, int newPeerBoot) {
        return new Header(type, reply, channel, seq, epoch, status, handler, srcNic, srcEp, dstEp, tag, srcTag, msgId,
                timestamp, offset, args, data, dstNic, newBoot & 0xff, newPeerBoot & 0xff);
    }
}
