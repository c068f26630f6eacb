package org.nowemu.actors.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StructuralHashTest {
    enum Kind { REQUEST, REPLY }

    record Packet(int dst, Kind kind, String route, byte[] body, List<Integer> hops) {
    }

    record Empty() {
    }

    /** A class whose hashCode is identity-based: its hash would differ between JVMs. */
    static final class Opaque {
    }

    @Test
    void equalContentsGiveEqualHashesWhateverTheIdentity() {
        Packet a = new Packet(3, Kind.REPLY, "r1", new byte[] {1, 2}, List.of(4, 5));
        Packet b = new Packet(3, Kind.REPLY, "r1", new byte[] {1, 2}, List.of(4, 5));
        assertEquals(StructuralHash.of(a), StructuralHash.of(b));
    }

    @Test
    void everyFieldCounts() {
        Packet a = new Packet(3, Kind.REPLY, "r1", new byte[] {1, 2}, List.of(4, 5));
        assertNotEquals(StructuralHash.of(a), StructuralHash.of(new Packet(4, Kind.REPLY, "r1", new byte[] {1, 2}, List.of(4, 5))));
        assertNotEquals(StructuralHash.of(a), StructuralHash.of(new Packet(3, Kind.REQUEST, "r1", new byte[] {1, 2}, List.of(4, 5))));
        assertNotEquals(StructuralHash.of(a), StructuralHash.of(new Packet(3, Kind.REPLY, "r1", new byte[] {1, 3}, List.of(4, 5))));
        assertNotEquals(StructuralHash.of(a), StructuralHash.of(new Packet(3, Kind.REPLY, "r1", new byte[] {1, 2}, List.of(5, 4))));
    }

    @Test
    void enumsHashByNameSoTheHashIsStableAcrossJvms() {
        // Enum.hashCode is the identity hash; the structural hash must not use it. Fixed expectation:
        // mix(of("StructuralHashTest$Kind"), of("REPLY")) is a pure function of the two names.
        long expected = Digest.mix(Digest.of("StructuralHashTest$Kind"), Digest.of("REPLY"));
        assertEquals(expected, StructuralHash.of(Kind.REPLY));
    }

    @Test
    void aTypeEntersByItsNameWithoutItsPackageSoMovingAFileChangesNoDigest() {
        // The binary name minus "org.nowemu.actors.stats.": nested names keep their outer class.
        assertEquals("StructuralHashTest$Packet", StructuralHash.layoutFreeName(Packet.class));
        assertEquals("[LStructuralHashTest$Packet;", StructuralHash.layoutFreeName(Packet[].class));
        assertEquals("[[LStructuralHashTest$Packet;", StructuralHash.layoutFreeName(Packet[][].class));
        assertEquals("[B", StructuralHash.layoutFreeName(byte[].class));
        assertEquals("String", StructuralHash.layoutFreeName(String.class));
        // A record with no components hashes to its type's hash alone: of("StructuralHashTest$Empty").
        assertEquals(Digest.of("StructuralHashTest$Empty"), StructuralHash.of(new Empty()));
    }

    @Test
    void sortedMapsHashInKeyOrder() {
        TreeMap<String, Integer> m = new TreeMap<>();
        m.put("b", 2);
        m.put("a", 1);
        TreeMap<String, Integer> n = new TreeMap<>();
        n.put("a", 1);
        n.put("b", 2);
        assertEquals(StructuralHash.of(m), StructuralHash.of(n));
    }

    @Test
    void aPayloadWithoutAStableHashFailsLoudly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StructuralHash.of(new Opaque()));
        assertTrue(e.getMessage().contains("Opaque") && e.getMessage().contains("record"), e.getMessage());
    }
}
