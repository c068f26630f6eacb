package org.nowemu.hardware.link;

import org.nowemu.actors.stats.Digest;
import org.nowemu.actors.stats.StructuralHash;

/**
 * A piece of a packet on a link: the unit that moves hop by hop and that STOP/GO holds back. The first flit
 * (the head) carries the packet, so a switch can read its route byte; the last (the tail) releases every link
 * the packet holds. A switch that truncates a blocked packet sends a zero-byte tail marked {@code truncated}.
 *
 * @param port      the receiving component's input port
 * @param packetId  the packet this flit belongs to
 * @param index     position in the packet (0 = head); the flit starts at byte {@code index * flitBytes}
 * @param bytes     bytes of this flit on the wire
 * @param tail      the packet's last flit
 * @param truncated a tail made up by a switch that cut the packet short
 * @param hop       route bytes consumed so far (meaningful on the head)
 * @param head      the packet, on the head flit only (null on the others)
 * @param flips     bits flipped on the wire, as bit offsets from the start of this flit (empty when none)
 */
public record Flit(int port, long packetId, int index, int bytes, boolean tail, boolean truncated, int hop, Packet head,
                   int[] flips) implements StructuralHash.HandHashed {
    public static final int[] NO_FLIPS = new int[0];
    private static final long TYPE = StructuralHash.typeHash(Flit.class);

    /** Its components in order, as the record path hashes them (FlitTest holds it to that path). */
    @Override
    public long structuralHash() {
        long h = Digest.mix(TYPE, port);
        h = Digest.mix(h, packetId);
        h = Digest.mix(h, index);
        h = Digest.mix(h, bytes);
        h = Digest.mix(h, StructuralHash.ofBoolean(tail));
        h = Digest.mix(h, StructuralHash.ofBoolean(truncated));
        h = Digest.mix(h, hop);
        h = Digest.mix(h, StructuralHash.of(head));
        return Digest.mix(h, StructuralHash.of(flips));
    }

    public boolean isHead() {
        return index == 0 && !truncated;
    }

    /** The same flit addressed to {@code nextPort}, with the route byte of a switch consumed when it is the head. */
    Flit forwarded(int nextPort, boolean consumeRouteByte, int[] newFlips) {
        return new Flit(nextPort, packetId, index, bytes, tail, truncated, consumeRouteByte && isHead() ? hop + 1 : hop,
                head, merge(flips, newFlips));
    }

    /** The same flit carrying {@code packet} instead (a head whose route was altered on the wire). */
    Flit withHead(Packet packet) {
        return new Flit(port, packetId, index, bytes, tail, truncated, hop, packet, flips);
    }

    private static int[] merge(int[] a, int[] b) {
        if (b.length == 0) {
            return a;
        }
        if (a.length == 0) {
            return b;
        }
        int[] m = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, m, a.length, b.length);
        return m;
    }

    /** The zero-byte tail a switch sends when it truncates the packet of {@code packetId}. */
    public static Flit truncated(int port, long packetId) {
        return new Flit(port, packetId, Integer.MAX_VALUE, 0, true, true, 0, null, NO_FLIPS);
    }
}
