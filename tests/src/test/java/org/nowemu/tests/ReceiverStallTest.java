package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.RunResult;

/**
 * The {@code stall-receiver} fault on the circular shift of {@link LinkErrorsTest} (six hosts, host i sending 4 KB
 * requests to i + 1), with a longer bandwidth phase: 2 ms to 5 ms, measured from 2.5 ms. h2's NIC stops draining
 * its link at 3 ms. While it is stalled the NIC refuses to drain and its slack buffer sends STOP upstream, which
 * holds back h1, whose requests go to h2: fewer of h1's requests are answered in the measured part, the longer the
 * stall the fewer. (The other hosts are not held back by a brief stall; those sharing nothing with h2 may even do
 * a little better, their DMAs falling into step differently.) Afterwards every message sent is still handled, none
 * pending, lost or duplicated.
 */
class ReceiverStallTest {

    @Test
    void aStalledReceiverHoldsTheNetworkBackAndLosesNothing() {
        RunResult clean = run("[]");
        RunResult brief = run("[{fault=stall-receiver,element=h2,at=3ms,for=300us}]");
        RunResult lengthy = run("[{fault=stall-receiver,element=h2,at=3ms,for=5ms}]");
        assertEquals(0, clean.counter("nic.rx.stalled_drains"));
        assertEquals(0, stops(clean, "h2.recv"), "h2 keeps up without the fault");
        for (RunResult r : new RunResult[] {brief, lengthy}) {
            assertTrue(r.counter("nic.rx.stalled_drains") > 0);
            assertTrue(stops(r, "h2.recv") > 0, "h2's slack buffer sent STOP up its link");
            assertEquals(r.invariants().sent(), r.invariants().handled());
            assertTrue(r.invariants().hold());
            // Held back, not lost: every application message handled exactly once, none returned.
            assertTrue(r.ledger().sent() > 0);
            assertEquals(r.ledger().sent(), r.ledger().handledOnce(), r.ledger().toString());
        }
        long h1 = clean.counter("perm.cshift.host.1.bytes");
        assertTrue(brief.counter("perm.cshift.host.1.bytes") < h1, "a 300 us stall costs h1 some of its bytes");
        assertTrue(lengthy.counter("perm.cshift.host.1.bytes") < brief.counter("perm.cshift.host.1.bytes"),
                "5 ms costs more");
        assertTrue(shiftBytes(lengthy) < shiftBytes(clean), "5 ms holds the whole ring back");
    }

    private static RunResult run(String faults) {
        return ChainShifts.run("3ms", "500us", faults);
    }

    /** STOPs that the receiving end {@code component} sent up its link. */
    private static long stops(RunResult r, String component) {
        return r.components().stream().filter(c -> c.name().equals(component))
                .mapToLong(c -> c.counters().getOrDefault("nic.rx.stops_sent", 0L)).sum();
    }

    /** The measured bytes of the shift, over every host (each counts its own, perm.cshift.host.<i>.bytes). */
    private static long shiftBytes(RunResult r) {
        return r.counters().entrySet().stream()
                .filter(e -> e.getKey().startsWith("perm.cshift.host.") && e.getKey().endsWith(".bytes"))
                .mapToLong(java.util.Map.Entry::getValue).sum();
    }
}
