package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * What each stack promises, seen through the ledger when the links flip bits: FM relies on the hardware (no
 * sequence numbers, no retransmission), so a packet its NIC drops for a CRC error is a message lost; FM assumes no
 * bit errors, so the ledger counts those losses as lost to that assumption and holds. The same FM losing a message
 * on a clean network (sent to a host that runs no process, whose NIC drops it) breaks the ledger. The basic protocol
 * promises nothing, so the CRC drops leave its ledger kept, counted as dropped.
 */
class ComparisonLossTest {
    /** One bit in 10^5 flipped: a 1 KB packet (about 8,300 bits on the wire) is damaged about 8% of the time. */
    private static final ConfigReader NOISY = AmNets.config("nowemu.hardware.profile = ppro\n"
            + "nowemu.hardware.profiles.ppro.link.bit-error-rate = 1e-5");

    private static RunResult stream(String stack) {
        return Systems.run(Systems.cluster(NOISY, stack, h -> h == 0 ? new Systems.Sends(1, 1000, 60)
                : h == 1 ? new Systems.Receive(0, 60, 5_000_000_000L, null) : null));
    }

    @Test
    void fmLosesWhatItsNicDropsToBitErrorsItAssumesAwayAndTheLedgerHolds() {
        RunResult res = stream("fm2");
        long dropped = 0;
        for (var e : res.counters().entrySet()) {
            if (e.getKey().startsWith("fm.dropped.")) {
                dropped += e.getValue();
            }
        }
        assertTrue(dropped > 0, "some packets were damaged: " + res.counters());
        var l = res.ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(0, l.lost());
        // Every message the stream did not get is put down to the link's bit errors, which FM assumes away.
        long missing = l.sent() - l.handledOnce();
        assertTrue(missing > 0, l.toString());
        assertEquals(missing, l.lostToAssumption().get("fm2").get("link-errors"), l.toString());
    }

    /** h0 sends 5 messages to h2, which runs no process: its NIC drops them (fm.dropped.no_host). No fault at all. */
    @Test
    void fmLosingMessagesWithNoFaultBreaksTheLedger() {
        RunResult res = Systems.run(Systems.cluster(AmNets.config("nowemu.hardware.profile = ppro\n"
                + "nowemu.topology { name = chain, chain { switches = 1, hosts-per-switch = 3 } }"), "fm2",
                h -> h == 0 ? new Systems.Sends(2, 100, 5) : null));
        assertEquals(5, res.counter("fm.dropped.no_host"), res.counters().toString());
        assertFalse(res.ledger().kept());
        assertEquals(5, res.ledger().lost(), res.ledger().toString());
        assertEquals(0, res.ledger().lostToAssumptions());
    }

    @Test
    void theBasicProtocolCountsTheSameDropsAndKeepsItsLedger() {
        RunResult res = stream("basic1k");
        long dropped = 0;
        for (var e : res.counters().entrySet()) {
            if (e.getKey().startsWith("basic.dropped.")) {
                dropped += e.getValue();
            }
        }
        assertTrue(dropped > 0, "some packets were damaged: " + res.counters());
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(res.ledger().sent() - res.ledger().handledOnce(), res.ledger().dropped());
    }
}
