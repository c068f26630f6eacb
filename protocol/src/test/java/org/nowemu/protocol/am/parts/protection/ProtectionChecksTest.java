package org.nowemu.protocol.am.parts.protection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.support.FakeNic;

/**
 * Endpoint 0 (tag 7, a 100-byte bulk region) has translation entry 1 mapped to NIC 2's endpoint 0 (tag 9), entry 0
 * not mapped. Checks cost 26 cycles on send and 24 on receive when protection is on, nothing when off.
 */
class ProtectionChecksTest {
    private static EndpointFrame endpoint() {
        EndpointFrame f = new EndpointFrame(new Doorbell.Open(0, 7, 10, false, 1, 11), 4);
        f.map(new Doorbell.Map(0, 1, 2, 0, 9));
        f.segment = 100;
        return f;
    }

    /** A request for endpoint 0 carrying {@code tag}, with {@code bytes} of bulk data at {@code offset}. */
    private static Header data(int tag, int offset, int bytes) {
        return new Header(Header.DATA, false, 0, 0, 0, 0, 1, 2, 0, 0, tag, 9, 1L, 0, offset, new int[0],
                new byte[bytes]);
    }

    @Test
    void aSendNeedsAMappedEntryWhetherOrNotProtectionIsOn() {
        FakeNic nic = new FakeNic(null);
        ProtectionChecks on = new ProtectionChecks(nic, true, 26, 24);
        EndpointFrame f = endpoint();
        assertNull(on.send(f, 1));
        assertEquals(AmError.BAD_ENTRY, on.send(f, 0));
        assertEquals(AmError.BAD_ENTRY, on.send(f, 4), "beyond the table");
        assertEquals(3 * 26, nic.cycles);

        FakeNic bare = new FakeNic(null);
        assertEquals(AmError.BAD_ENTRY, new ProtectionChecks(bare, false, 26, 24).send(f, 0));
        assertEquals(0, bare.cycles, "without protection the check costs nothing, but there is no destination");
    }

    /**
     * On: no endpoint, then a wrong tag, then data past the region (96 + 8 > 100) are refused; the region's last 4
     * bytes (96 + 4) and a short message (offset -1) pass. Off: the tag is not looked at, the rest still holds.
     */
    @Test
    void aReceiveChecksEndpointAndTagWhenOnAndTheBulkBoundAlways() {
        FakeNic nic = new FakeNic(null);
        ProtectionChecks on = new ProtectionChecks(nic, true, 26, 24);
        EndpointFrame f = endpoint();
        assertEquals(AmError.BAD_ENDPOINT, on.receive(null, data(7, -1, 0)));
        assertEquals(AmError.BAD_TAG, on.receive(f, data(8, -1, 0)));
        assertEquals(AmError.BAD_SEGMENT_OFFSET, on.receive(f, data(7, 96, 8)));
        assertNull(on.receive(f, data(7, 96, 4)));
        assertNull(on.receive(f, data(7, -1, 0)));
        assertEquals(5 * 24, nic.cycles);

        FakeNic bare = new FakeNic(null);
        ProtectionChecks off = new ProtectionChecks(bare, false, 26, 24);
        assertNull(off.receive(f, data(8, -1, 0)), "a wrong tag passes without protection");
        assertEquals(AmError.BAD_SEGMENT_OFFSET, off.receive(f, data(8, 96, 8)));
        assertEquals(AmError.BAD_ENDPOINT, off.receive(null, data(7, -1, 0)));
        assertEquals(0, bare.cycles);
    }
}
