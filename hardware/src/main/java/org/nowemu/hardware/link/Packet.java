package org.nowemu.hardware.link;

import java.util.Arrays;
import org.nowemu.actors.stats.Digest;
import org.nowemu.actors.stats.StructuralHash;

/**
 * A Myrinet packet as the sending NIC puts it on the wire: source route (one output-port byte per switch), body
 * (the firmware's header and the data, opaque to the network) and the CRC-8 of the body. Immutable: nothing may
 * write into the arrays after {@link #create}. Its stable hash is computed once, so a packet riding in a head
 * flit costs the run digest nothing per hop.
 *
 * @param id     unique in the run (the sending NIC's index in the high bits, its sequence in the low bits)
 * @param source index of the sending NIC
 * @param route  output port at each switch, in order
 * @param body   header and data
 * @param crc    CRC-8 of the body
 * @param digest stable hash of all of the above
 */
public record Packet(long id, int source, byte[] route, byte[] body, byte crc, long digest) implements StructuralHash.Digestible {
    /** Bytes of one packet on the wire at the source: route, body and the CRC byte. */
    public int wireBytes() {
        return route.length + body.length + 1;
    }

    public static Packet create(long id, int source, byte[] route, byte[] body) {
        byte crc = Crc8.of(body);
        long h = Digest.mix(Digest.mix(id, source), Arrays.hashCode(route));
        h = Digest.mix(Digest.mix(h, Arrays.hashCode(body)), crc);
        return new Packet(id, source, route.clone(), body, crc, h);
    }

    /** This packet with route byte {@code index} replaced by {@code value} (same id, body and CRC). */
    public Packet withRouteByte(int index, byte value) {
        byte[] r = route.clone();
        r[index] = value;
        return create(id, source, r, body);
    }

    @Override
    public String toString() {
        return "Packet[" + id + " from NIC " + source + ", " + route.length + " hops, " + body.length + " B]";
    }
}
