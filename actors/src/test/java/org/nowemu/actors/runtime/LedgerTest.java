package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class LedgerTest {
    private static final long A = LedgerBook.address(1, 0);
    private static final long B = LedgerBook.address(2, 0);
    private static final long C = LedgerBook.address(3, 5);

    private static ComponentReport report(int id, String name, LedgerBook book) {
        return new ComponentReport(id, name, 0, 0, 0, 0, 0, 0, new TreeMap<>(), new TreeMap<>(), List.of(), 0,
                book.entries());
    }

    /**
     * h1 sends four messages to h2: 10 is handled, 11 comes back unreachable, 12 is handled and also comes back
     * (its ACK was lost), 13 is still nowhere at the end. h2 answers 10 with reply 20, handled by h1. So 5 sent:
     * 2 handled once (10, 20), 1 returned, 1 returned after handling, 1 lost: the ledger is broken, and 13 is
     * named.
     */
    @Test
    void eachMessageEndsInExactlyOneCategoryAndTheFirstBrokenOneIsNamed() {
        LedgerBook h1 = new LedgerBook();
        LedgerBook h2 = new LedgerBook();
        h1.sent(10, 1_000_000, B);
        h1.sent(11, 2_000_000, B);
        h1.sent(12, 3_000_000, B);
        h1.sent(13, 4_000_000, B);
        h2.handled(10, B);
        h2.sent(20, 5_000_000, A);
        h1.handled(20, A);
        h1.returned(11, 9_000_000, "UNREACHABLE");
        h2.handled(12, B);
        h1.returned(12, 9_500_000, "UNREACHABLE");
        Ledger l = Ledger.of(List.of(report(0, "h1.p0", h1), report(1, "h2.p0", h2)));
        assertEquals(5, l.sent());
        assertEquals(2, l.handledOnce());
        assertEquals(1, l.returned());
        assertEquals(1L, l.returnedBy().get("UNREACHABLE"));
        assertEquals(1, l.returnedAfterHandling());
        assertEquals(1, l.lost());
        assertEquals(0, l.duplicated() + l.misdelivered() + l.unsent() + l.endedWithCrash());
        assertFalse(l.kept());
        assertTrue(l.firstBroken().startsWith("message 0xd (basic) from h1.p0 to h2.ep0, sent at"), l.firstBroken());
        assertTrue(l.firstBroken().endsWith("lost: neither handled nor returned by the end of the run"));
    }

    /** Handled twice, handled by the wrong endpoint, handled without being sent: all three break the ledger. */
    @Test
    void duplicatesMisdeliveriesAndMadeUpMessagesBreakTheLedger() {
        LedgerBook s = new LedgerBook();
        LedgerBook r = new LedgerBook();
        s.sent(1, 10, B);
        s.sent(2, 20, B);
        r.handled(1, B);
        r.handled(1, B);
        r.handled(2, C);
        r.handled(99, B);
        Ledger l = Ledger.of(List.of(report(0, "s", s), report(1, "r", r)));
        assertEquals(1, l.duplicated());
        assertEquals(1, l.misdelivered());
        assertEquals(1, l.unsent());
        assertEquals(0, l.handledOnce());
        // Message 1, sent first, is the one named.
        assertTrue(l.firstBroken().contains("0x1 (basic) from s to h2.ep0") && l.firstBroken().endsWith("handled 2 times"),
                l.firstBroken());
    }

    /**
     * h3's process p1 crashes at t = 50: message 1, sent to it at 40, reached it after the crash (discarded) and
     * ended with it; message 3 was sent by the crashed process itself at 45 and never arrived; message 2, sent to
     * it at 60 and neither handled nor returned nor discarded, is lost (its NIC should have returned it).
     */
    @Test
    void messagesCaughtInACrashAreNotCountedLost() {
        LedgerBook sender = new LedgerBook();
        LedgerBook crashed = new LedgerBook();
        sender.sent(1, 40, C);
        sender.sent(2, 60, C);
        crashed.sent(3, 45, A);
        crashed.crashed(50);
        crashed.discarded(1);
        Ledger l = Ledger.of(List.of(report(0, "h1.p0", sender), report(1, "h3.p1", crashed)));
        assertEquals(2, l.endedWithCrash());
        assertEquals(1, l.lost());
        assertTrue(l.firstBroken().contains("0x2"), l.firstBroken());
    }

    /**
     * A stack that promises nothing (the basic protocol) sends 1, 2 and 3 to h2: 1 is handled, 2 is dropped by the
     * receiving NIC (neither handled nor returned), 3 is handled twice. A promised message 4 from the same sender
     * vanishes. So: 1 handled once, 1 dropped (no break), 1 duplicated and 1 lost (breaks): the promise is per
     * message, and duplicates still break the ledger of a stack that promises nothing.
     */
    @Test
    void anUndeliveredMessageNobodyPromisedIsDroppedNotLost() {
        LedgerBook s = new LedgerBook();
        LedgerBook r = new LedgerBook();
        s.sentWithoutPromise(1, 10, B);
        s.sentWithoutPromise(2, 20, B);
        s.sentWithoutPromise(3, 30, B);
        s.sent(4, 40, B);
        r.handled(1, B);
        r.handled(3, B);
        r.handled(3, B);
        Ledger l = Ledger.of(List.of(report(0, "s", s), report(1, "r", r)));
        assertEquals(4, l.sent());
        assertEquals(1, l.handledOnce());
        assertEquals(1, l.dropped());
        assertEquals(1, l.duplicated());
        assertEquals(1, l.lost());
        assertTrue(l.firstBroken().contains("0x3"), l.firstBroken());
        LedgerBook only = new LedgerBook();
        only.sentWithoutPromise(2, 20, B);
        Ledger kept = Ledger.of(List.of(report(0, "s", only)));
        assertTrue(kept.kept(), "a dropped unpromised message keeps the ledger: " + kept);
        assertEquals(1, kept.dropped());
        LedgerEntries e = only.entries();
        assertEquals(1, e.slice(0, 2).join(e.slice(1, 2)).unpromised().length, "the mark survives the wire");
    }

    @Test
    void aKeptLedgerNamesNothingAndEqualRunsHaveEqualHashes() {
        LedgerBook s = new LedgerBook();
        s.sent(7, 1, B);
        s.handled(7, B);
        Ledger a = Ledger.of(List.of(report(0, "s", s)));
        Ledger b = Ledger.of(List.of(report(0, "s", s)));
        assertTrue(a.kept());
        assertNull(a.firstBroken());
        assertEquals(a, b);
        LedgerBook t = new LedgerBook();
        t.sent(7, 1, B);
        t.returned(7, 5, "CONGESTION");
        assertNotEquals(a.hash(), Ledger.of(List.of(report(0, "s", t))).hash(), "a different fate, a different hash");
    }

    /** A page cut into 3 slices and joined again is the page; reasons refer to the same names. */
    @Test
    void aPageSplitForTheWireJoinsBackWhole() {
        LedgerBook b = new LedgerBook();
        for (int i = 0; i < 10; i++) {
            b.sent(i, i * 100L, B);
            b.handled(100 + i, A);
            b.returned(200 + i, i, i % 2 == 0 ? "UNREACHABLE" : "BAD_TAG");
        }
        LedgerEntries whole = b.entries();
        List<LedgerEntries> parts = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            parts.add(whole.slice(p, 3));
        }
        LedgerEntries joined = parts.get(0).join(parts.get(1)).join(parts.get(2));
        assertEquals(whole.size(), parts.get(0).size() + parts.get(1).size() + parts.get(2).size());
        assertEquals(java.util.Arrays.toString(whole.sentIds()), java.util.Arrays.toString(joined.sentIds()));
        assertEquals(java.util.Arrays.toString(whole.handledIds()), java.util.Arrays.toString(joined.handledIds()));
        assertEquals(java.util.Arrays.toString(whole.returnedReasons()),
                java.util.Arrays.toString(joined.returnedReasons()));
        assertEquals(List.of(whole.reasons()), List.of(joined.reasons()));
        ComponentReport r = report(0, "x", b);
        assertEquals(Ledger.of(List.of(r)), Ledger.of(List.of(r.withLedger(joined))));
    }

    /**
     * The first broken message is named with the system its id says it is of: here an FM message (system 1) from
     * host 1 to host 2 that nobody handled, beside a basic-protocol one (system 0) that was.
     */
    @Test
    void theFirstBrokenMessageNamesItsSystem() {
        LedgerBook s = new LedgerBook();
        LedgerBook r = new LedgerBook();
        long fm = LedgerIds.of(IdSystem.FM, 1, 2, 0);
        long basic = LedgerIds.of(IdSystem.BASIC, 1, 2, 0);
        s.sent(basic, 10, B);
        s.sent(fm, 20, B);
        r.handled(basic, B);
        Ledger l = Ledger.of(List.of(report(0, "h1.p0", s), report(1, "h2.p0", r)));
        assertEquals(1, l.lost());
        assertTrue(l.firstBroken().startsWith("message 0x1000100020000000 (fm) from h1.p0 to h2.ep0"),
                l.firstBroken());
    }

    /**
     * A stack that assumes no bit errors (FM) sends 1 and 2 to h2, whose cables flip bits from t = 5, and 3 to h3,
     * whose path is clean. None of them arrives. 1 and 2 met the fault their stack assumes away, so they are lost
     * to the assumption (link-errors, 2 for that stack); 3 met none and breaks the ledger. The page asks for h2's
     * faults once, at its first message.
     */
    @Test
    void aLossOnAPathWithAnAssumedFaultIsCountedAndOneWithoutBreaksTheLedger() {
        LedgerBook fm = new LedgerBook();
        List<Integer> asked = new ArrayList<>();
        fm.assumes("fm2", host -> {
            asked.add(host);
            return host == 2 ? List.of(new Exposures.Exposure("link-errors", 5)) : List.of();
        });
        fm.sent(1, 10, B);
        fm.sent(2, 20, B);
        Ledger onlyH2 = Ledger.of(List.of(report(0, "h1.p0", fm)));
        assertTrue(onlyH2.kept(), onlyH2.toString());
        assertEquals(0, onlyH2.lost());
        assertEquals(java.util.Map.of("fm2", new TreeMap<>(java.util.Map.of("link-errors", 2L))),
                onlyH2.lostToAssumption());
        assertEquals(2, onlyH2.lostToAssumptions());
        fm.sent(3, 30, C);
        Ledger l = Ledger.of(List.of(report(0, "h1.p0", fm)));
        assertEquals(List.of(2, 3), asked, "each destination host asked once");
        assertEquals(2L, l.lostToAssumptionByKind().get("link-errors"));
        assertEquals(1, l.lost());
        assertFalse(l.kept());
        assertTrue(l.firstBroken().contains("0x3"), l.firstBroken());
        // The same losses from a page that assumes nothing: all three break the ledger.
        LedgerBook plain = new LedgerBook();
        plain.sent(1, 10, B);
        plain.sent(2, 20, B);
        plain.sent(3, 30, C);
        assertEquals(3, Ledger.of(List.of(report(0, "h1.p0", plain))).lost());
        // The exposures travel with the page: a split and joined page gives the same ledger.
        LedgerEntries e = fm.entries();
        ComponentReport r = report(0, "h1.p0", fm);
        assertEquals(l, Ledger.of(List.of(r.withLedger(e.slice(0, 2).join(e.slice(1, 2))))));
    }

    /**
     * Message 1 is still kept by its sender's NIC for resending when the run ends: pending, not lost. Message 2 went
     * to a comparison process that crashed without keeping account of what reached it: it ended with the crash.
     */
    @Test
    void aMessageHeldForResendingIsPendingAndOneToADeadProcessEndedWithIt() {
        LedgerBook s = new LedgerBook();
        LedgerBook nic = new LedgerBook();
        LedgerBook dead = new LedgerBook();
        s.sent(1, 10, B);
        s.sent(2, 20, C);
        nic.pending(1);
        dead.crashed(15, C);
        Ledger l = Ledger.of(List.of(report(0, "h1.p0", s), report(1, "h1.nic", nic), report(2, "h3.p0", dead)));
        assertTrue(l.kept(), l.toString());
        assertEquals(1, l.pending());
        assertEquals(1, l.endedWithCrash());
    }
}
