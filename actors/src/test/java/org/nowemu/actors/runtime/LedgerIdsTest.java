package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The one id layout: 4 bits of system, 16 of source host, 16 of destination host, 28 of stream. */
class LedgerIdsTest {

    /**
     * The collision: AM-II's first message from host 256 was 256 << 40 and the basic protocol's first from
     * host 1 to host 0 was 1 << 48, both 2^48. Now the first is 4 << 60 | 256 << 44 | 257 << 28 (to host 257) and
     * the second 1 << 44: worked out from the layout's field positions (60, 44, 28).
     */
    @Test
    void amHost256AndBasicHost1NoLongerShareAnId() {
        long am = LedgerIds.of(IdSystem.AM, 256, 257, LedgerIds.stream(0, 8, 0));
        long basic = LedgerIds.of(IdSystem.BASIC, 1, 0, 0);
        assertEquals(0x4010_0010_1000_0000L, am);
        assertEquals(1L << 44, basic);
        assertNotEquals(am, basic);
    }

    /** Every field holds its largest value without touching its neighbours, and reads back. */
    @Test
    void theFieldsHoldTheirLargestValuesApart() {
        int top = LedgerIds.MAX_HOSTS - 1;
        long id = LedgerIds.of(IdSystem.UNET, top, 0, 0);
        assertEquals(IdSystem.UNET, LedgerIds.system(id));
        assertEquals(top, LedgerIds.source(id));
        assertEquals(0, LedgerIds.destination(id));
        id = LedgerIds.of(IdSystem.BASIC, 0, top, (1L << LedgerIds.STREAM_BITS) - 1);
        assertEquals(IdSystem.BASIC, LedgerIds.system(id));
        assertEquals(0, LedgerIds.source(id));
        assertEquals(top, LedgerIds.destination(id));
        assertEquals((1L << 28) - 1, id & ((1L << 28) - 1));
    }

    /**
     * An endpoint index takes the bits its stack's endpoints need: 1 endpoint none, 256 eight, 257 nine, 65535 (the
     * most max-endpoints allows) and 65536 sixteen. The sequence keeps the rest of 28: 2^20 messages a destination
     * with 256 endpoints, 2^12 with 65535. The largest index with the largest sequence stays in the stream: the
     * destination reads back as it was (an AM endpoint of 4096 or more once spilled into the host field).
     */
    @Test
    void everyEndpointCountAStackAllowsFitsTheStream() {
        assertEquals(0, LedgerIds.endpointBits(1));
        assertEquals(1, LedgerIds.endpointBits(2));
        assertEquals(8, LedgerIds.endpointBits(256));
        assertEquals(9, LedgerIds.endpointBits(257));
        assertEquals(13, LedgerIds.endpointBits(4097));
        assertEquals(16, LedgerIds.endpointBits(65535));
        assertEquals(16, LedgerIds.endpointBits(LedgerIds.MAX_ENDPOINTS));
        assertEquals(1 << 20, LedgerIds.sequences(8));
        assertEquals(1 << 12, LedgerIds.sequences(16));
        long stream = LedgerIds.stream(65534, 16, 4095);
        assertEquals((1L << 28) - 1 - (1L << 12), stream, "index 65534 over sequence 4095");
        long id = LedgerIds.of(IdSystem.AM, 7, 9, stream);
        assertEquals(7, LedgerIds.source(id));
        assertEquals(9, LedgerIds.destination(id));
        assertNotEquals(id, LedgerIds.of(IdSystem.AM, 7, 9, LedgerIds.stream(4096, 16, 0)));
    }

    /** A value a field cannot hold is refused, never folded into another field. */
    @Test
    void aValueOutsideItsFieldIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> LedgerIds.of(IdSystem.FM, LedgerIds.MAX_HOSTS, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> LedgerIds.of(IdSystem.FM, 0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> LedgerIds.of(IdSystem.FM, 0, 0, 1L << 28));
    }

    /** Every system has a code of its own that fits the 4-bit field, and a name the ledger can print. */
    @Test
    void eachSystemHasItsOwnCode() {
        TreeSet<Integer> codes = new TreeSet<>();
        for (IdSystem s : IdSystem.values()) {
            assertTrue(s.code() >= 0 && s.code() < 1 << LedgerIds.SYSTEM_BITS, s.name());
            assertTrue(codes.add(s.code()), s + " shares its code");
            assertEquals(s, LedgerIds.system(LedgerIds.of(s, 3, 4, 5)));
            assertEquals(s.label(), LedgerIds.systemName(LedgerIds.of(s, 3, 4, 5)));
        }
        assertEquals("system 15", LedgerIds.systemName(15L << 60));
    }
}
