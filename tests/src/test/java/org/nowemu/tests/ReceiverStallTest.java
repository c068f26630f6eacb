package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;

/**
 * The {@code stall-receiver} fault on the circular shift of {@link LinkErrorsTest}: h2's NIC stops draining its
 * link 200 us into the bandwidth phase (which runs from 2 ms to 3 ms). While it is stalled the NIC refuses to
 * drain and its slack buffer sends STOP upstream; fewer medium messages make it through the measured part, the
 * longer the stall the fewer; afterwards every message sent is still handled, none pending, lost or duplicated.
 */
class ReceiverStallTest {

    @Test
    void aStalledReceiverHoldsTheNetworkBackAndLosesNothing() {
        RunResult clean = LinkErrorsTest.run("[]");
        RunResult brief = LinkErrorsTest.run("[{fault=stall-receiver,element=h2,at=2200us,for=300us}]");
        RunResult lengthy = LinkErrorsTest.run("[{fault=stall-receiver,element=h2,at=2200us,for=5ms}]");
        assertEquals(0, clean.counter("nic.rx.stalled_drains"));
        for (RunResult r : new RunResult[] {brief, lengthy}) {
            assertTrue(r.counter("nic.rx.stalled_drains") > 0);
            assertTrue(r.counter("nic.rx.stops_sent") > clean.counter("nic.rx.stops_sent"), "STOP held the link");
            assertEquals(r.invariants().sent(), r.invariants().handled());
            assertTrue(r.invariants().hold());
            // Held back, not lost: every application message handled exactly once, none returned.
            assertTrue(r.ledger().sent() > 0);
            assertEquals(r.ledger().sent(), r.ledger().handledOnce(), r.ledger().toString());
        }
        long bytes = shiftBytes(clean);
        assertTrue(shiftBytes(brief) < bytes, "a 300 us stall costs some of the measured bytes");
        assertTrue(shiftBytes(lengthy) < shiftBytes(brief), "5 ms costs more");
    }

    /** The measured bytes of the shift, over every host (each counts its own, perm.cshift.host.<i>.bytes). */
    private static long shiftBytes(RunResult r) {
        return r.counters().entrySet().stream()
                .filter(e -> e.getKey().startsWith("perm.cshift.host.") && e.getKey().endsWith(".bytes"))
                .mapToLong(java.util.Map.Entry::getValue).sum();
    }
}
