package org.nowemu.protocol.parts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.parts.credits.CreditTable;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** Host-level credits: spent per packet, owed per packet consumed, returned at the threshold or piggy-backed. */
class CreditTableTest {
    /** 3 hosts, 4 credits each, return at 2 owed: host 1 sends 4 and must stop; 2 consumed give 2 back. */
    @Test
    void creditsAreSpentOwedAndReturnedAtTheThreshold() {
        CreditTable t = new CreditTable(3, 4, 2);
        for (int i = 0; i < 4; i++) {
            t.take(1);
        }
        assertFalse(t.has(1));
        assertTrue(t.has(2), "credits are per destination");
        assertThrows(IllegalStateException.class, () -> t.take(1));
        assertEquals(0, t.consumed(2), "one owed: below the threshold");
        assertEquals(2, t.consumed(2), "two owed: returned in a batch");
        assertEquals(0, t.owed(2));
        assertEquals(0, t.consumed(2));
        assertEquals(1, t.piggyback(2), "what is owed rides on a data packet going that way");
        assertEquals(0, t.piggyback(2));
        t.give(1, 2);
        assertEquals(2, t.credits(1));
    }

    /**
     * R receive slots split among the other hosts: 128 slots, 5 hosts: C = 32, threshold 16, so at most 2 credit
     * packets per peer wait unprocessed: 8 control slots. 3 slots cannot give 4 peers a credit each: bad input.
     */
    @Test
    void receiveSlotsAreSplitAmongTheSendersAsCredits() {
        FmSettings s = (FmSettings) Systems.settings(AmNets.config(""), "fm2");
        assertEquals(32, s.credits(5));
        assertEquals(16, s.returnThreshold(5));
        assertEquals(8, s.controlSlots(5));
        FmSettings few = (FmSettings) Systems.settings(AmNets.config("nowemu.protocol.fm.receive-slots = 3"), "fm1");
        BadInputException e = assertThrows(BadInputException.class, () -> few.credits(5));
        assertTrue(e.getMessage().startsWith("nowemu.protocol.fm.receive-slots: 3 slots"), e.getMessage());
    }
}
