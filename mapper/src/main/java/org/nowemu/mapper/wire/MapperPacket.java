package org.nowemu.mapper.wire;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * A mapper daemon's raw packet (not a VN-transport packet: its first byte is not a VN type, so the NIC hands it to
 * the privileged endpoint). Host query and answer, loop-back probe, a NIC's routing table from the leader, and
 * the acknowledgement of a table.
 *
 * @param type     QUERY, ANSWER, LOOP, ROUTES or ACK
 * @param from     the sending daemon's NIC
 * @param nonce    matches an answer to its probe
 * @param priority the sender's election priority
 * @param reply    QUERY, ROUTES: the route to answer along
 * @param routes   ROUTES: the receiving NIC's table, by destination NIC (an empty route removes the entry:
 *                 the destination is unreachable)
 */
public record MapperPacket(int type, int from, long nonce, int priority, byte[] reply, TreeMap<Integer, byte[]> routes) {
    public static final int QUERY = 1;
    public static final int ANSWER = 2;
    public static final int LOOP = 3;
    public static final int ROUTES = 4;
    public static final int ACK = 5;
    private static final byte MAGIC = (byte) 0xA7;

    public static MapperPacket of(int type, int from, long nonce, int priority, byte[] reply) {
        return new MapperPacket(type, from, nonce, priority, reply, new TreeMap<>());
    }

    public byte[] encode() {
        int size = 17 + reply.length + 2;
        for (byte[] r : routes.values()) {
            size += 3 + r.length;
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        b.put(MAGIC).put((byte) type).putShort((short) from).putLong(nonce).putInt(priority).put((byte) reply.length)
                .put(reply).putShort((short) routes.size());
        for (Map.Entry<Integer, byte[]> e : routes.entrySet()) {
            b.putShort((short) (int) e.getKey()).put((byte) e.getValue().length).put(e.getValue());
        }
        return b.array();
    }

    /** The packet in {@code body}, or null if it is not a mapper packet. */
    public static MapperPacket decode(byte[] body) {
        if (body.length < 19 || body[0] != MAGIC) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(body);
        b.get();
        int type = b.get();
        int from = b.getShort() & 0xffff;
        long nonce = b.getLong();
        int priority = b.getInt();
        byte[] reply = new byte[b.get() & 0xff];
        b.get(reply);
        int n = b.getShort() & 0xffff;
        TreeMap<Integer, byte[]> routes = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            int dest = b.getShort() & 0xffff;
            byte[] r = new byte[b.get() & 0xff];
            b.get(r);
            routes.put(dest, r);
        }
        return new MapperPacket(type, from, nonce, priority, reply, routes);
    }
}
