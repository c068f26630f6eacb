package org.nowemu.protocol.am.parts.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.support.FakeNic;

/** The endpoint scheduler's order of service, driven directly (no emulation): weights, skipping, loitering. */
class EndpointSchedulerTest {
    private static EndpointFrame frame(int index, int weight, int entries, EndpointScheduler s) {
        EndpointFrame f = new EndpointFrame(new Doorbell.Open(index, 7, 1, false, weight, 2), 4);
        for (int i = 0; i < entries; i++) {
            f.requests.add(new Doorbell.Send(index, false, 0, 0, 0, 0, 1, new int[0], new byte[0], -1, i, 0));
        }
        s.added(f);
        return f;
    }

    private static String order(EndpointScheduler s, NicContext nic) {
        StringBuilder b = new StringBuilder();
        for (Doorbell.Send m = s.next(nic); m != null; m = s.next(nic)) {
            b.append(m.endpoint());
        }
        return b.toString();
    }

    /**
     * 2 attempts per turn (k = 1). Endpoint 0 of weight 1 and endpoint 1 of weight 3, six entries each: turns of
     * 2 and 6 entries: 00 111111 00 then endpoint 0's last two (endpoint 1 is empty, so it is skipped). Switches:
     * into 0, to 1, back to 0: 3, each 40 cycles; 12 entries at 30 cycles: 360 + 120 = 480 cycles.
     */
    @Test
    void aHeavierEndpointGetsThatManyMoreEntriesPerTurn() {
        EndpointScheduler s = new EndpointScheduler(2, 30, 40);
        FakeNic nic = new FakeNic(null);
        frame(0, 1, 6, s);
        frame(1, 3, 6, s);
        assertEquals("001111110000", order(s, nic));
        assertEquals(480, nic.cycles);
        assertEquals(3, nic.count("vn.endpoint_switches"));
    }

    /**
     * Equal weights, 1 attempt per turn: endpoints 0, 2 and 5 (1, 3 and 2 entries) are served in index order, one
     * entry each per turn, and an empty endpoint drops out: 0 2 5 | 2 5 | 2.
     */
    @Test
    void emptyEndpointsAreSkippedInRoundRobinOrder() {
        EndpointScheduler s = new EndpointScheduler(1, 30, 40);
        FakeNic nic = new FakeNic(null);
        frame(5, 1, 2, s);
        frame(0, 1, 1, s);
        frame(2, 1, 3, s);
        assertEquals("025252", order(s, nic));
    }

    /**
     * An endpoint that empties keeps the scheduler (it loiters): when the host feeds it again and no other endpoint
     * has work, no switch is paid. One switch (into endpoint 3), two entries: 40 + 2 x 30 = 100 cycles.
     */
    @Test
    void theSchedulerLoitersOnAnEndpointThatEmptied() {
        EndpointScheduler s = new EndpointScheduler(256, 30, 40);
        FakeNic nic = new FakeNic(null);
        EndpointFrame f = frame(3, 1, 1, s);
        assertEquals("3", order(s, nic));
        f.requests.add(new Doorbell.Send(3, false, 0, 0, 0, 0, 1, new int[0], new byte[0], -1, 9, 0));
        s.added(f);
        assertEquals("3", order(s, nic));
        assertEquals(100, nic.cycles);
    }
}
