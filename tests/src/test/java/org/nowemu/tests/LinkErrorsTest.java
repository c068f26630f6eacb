package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;

/**
 * The {@code link-errors} fault: a circular shift among six hosts on a chain of three switches, with a bit-error
 * rate of 1e-6 and 1% of packets dropped on every cable from the start. Packets are lost (switches and NICs count
 * the dropped flits) and damaged (the receiving NICs count CRC errors), the VN transport resends them, and at the
 * end every message sent was handled, none pending, lost or duplicated. The same schedule and seed repeat
 * exactly; without the fault nothing is dropped or resent.
 */
class LinkErrorsTest {

    static RunResult run(String faults) {
        return ChainShifts.run("1ms", "100us", faults);
    }

    @Test
    void bitErrorsAndDropsOnEveryCableAreResentAndNothingIsLost() {
        String faults = "[{fault=link-errors,element=all,at=0ms,bit-error-rate=1e-6,drop=0.01}]";
        RunResult clean = run("[]");
        RunResult faulty = run(faults);
        assertEquals(0, clean.counter("vn.retransmissions"));
        assertEquals(0, clean.counter("switch.dropped_flits") + clean.counter("nic.tx.dropped_flits"));
        assertEquals(0, clean.counter("nic.rx.crc_errors"));

        assertTrue(faulty.counter("switch.dropped_flits") + faulty.counter("nic.tx.dropped_flits") > 0);
        assertTrue(faulty.counter("nic.rx.crc_errors") > 0, "some packets arrived damaged");
        assertTrue(faulty.counter("vn.retransmissions") > 0);
        // The ledger: every application message handled exactly once, none returned, lost or duplicated.
        org.nowemu.actors.runtime.Ledger l = faulty.ledger();
        // 40 requests and their replies with this seed: a dropped packet holds its sender up until it is resent.
        assertTrue(l.sent() > 50, "traffic ran: " + l);
        assertEquals(l.sent(), l.handledOnce(), l.toString());
        assertEquals(0, l.returned() + l.returnedAfterHandling() + l.lost() + l.duplicated() + l.misdelivered());
        assertEquals(0, faulty.invariants().lost());
        assertEquals(0, faulty.invariants().duplicated());

        RunResult again = run(faults);
        assertEquals(faulty.digest(), again.digest());
        assertEquals(faulty.ledger(), again.ledger());
    }
}
