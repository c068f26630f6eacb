package org.nowemu.workloads.results;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.runtime.Invariants;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;

/**
 * The {@code invariants} of {@code results.json}: from the ledger of application messages when the run has any
 * ({@code of = "messages"}), else from the runtime's events ({@code of = "events"}: PHOLD and other plain models).
 * The message categories are disjoint: {@code sent} is the sum of all the others. {@code events} always holds
 * the runtime's own ledger, whose {@code pending} counts events still queued at the horizon (a spinning server,
 * a timer).
 *
 * @param returnedAfterHandling handled once and also returned: its sender could not know it arrived
 * @param endedWithCrash        neither handled nor returned because a process at one end crashed
 * @param dropped               neither handled nor returned, sent by a stack that promises no delivery (the basic
 *                              protocol drops packets when the receiver has no free buffer): counted, not a break
 * @param pending               neither handled nor returned, still held by a NIC for resending at the horizon
 * @param lostToAssumption      neither handled nor returned, with a fault its stack assumes away on its way (FM
 *                              assumes Myrinet loses nothing): by fault kind; counted, not a break
 * @param lostToAssumptionByStack the same by stack, then fault kind
 * @param misdelivered          handled by an endpoint it was not sent to
 * @param unsent                handled or returned, never sent
 * @param firstBroken           the earliest-sent message that breaks the ledger, or null
 * @param ledger                digest of every message's fate (hex); equal runs have equal ledgers
 */
@JsonPropertyOrder({"of", "sent", "handled", "returnedToSender", "returnedBy", "returnedAfterHandling",
        "endedWithCrash", "dropped", "pending", "lostToAssumption", "lostToAssumptionByStack", "lost", "duplicated",
        "misdelivered", "unsent", "firstBroken", "ledger", "events"})
public record RunInvariants(String of, long sent, long handled, long returnedToSender,
                            SortedMap<String, Long> returnedBy, long returnedAfterHandling, long endedWithCrash,
                            long dropped, long pending, SortedMap<String, Long> lostToAssumption,
                            SortedMap<String, SortedMap<String, Long>> lostToAssumptionByStack, long lost,
                            long duplicated, long misdelivered, long unsent, String firstBroken,
                            String ledger, Invariants events) {

    public static RunInvariants of(RunResult r) {
        Ledger l = r.ledger();
        Invariants e = r.invariants();
        if (!l.any()) {
            return new RunInvariants("events", e.sent(), e.handled(), 0, new TreeMap<>(), 0, 0, 0, 0, new TreeMap<>(),
                    new TreeMap<>(), e.lost(), e.duplicated(), 0, 0, null, l.hash(), e);
        }
        return new RunInvariants("messages", l.sent(), l.handledOnce(), l.returned(), l.returnedBy(),
                l.returnedAfterHandling(), l.endedWithCrash(), l.dropped(), l.pending(), l.lostToAssumptionByKind(),
                l.lostToAssumption(), l.lost(), l.duplicated(), l.misdelivered(), l.unsent(), l.firstBroken(),
                l.hash(), e);
    }

    /** Messages lost to a fault their stack assumes away, in all. */
    public long lostToAssumptions() {
        long n = 0;
        for (long v : lostToAssumption.values()) {
            n += v;
        }
        return n;
    }

    /** Whether nothing was lost, duplicated, misdelivered or made up, in messages and in events. */
    public boolean hold() {
        return lost == 0 && duplicated == 0 && misdelivered == 0 && unsent == 0 && events.hold();
    }

    /** One line saying what broke (for stderr), or null if nothing did. */
    public String broken() {
        if (!events.hold()) {
            return "runtime events: " + events.lost() + " lost, " + events.duplicated() + " duplicated";
        }
        if (hold()) {
            return null;
        }
        return lost + " lost, " + duplicated + " duplicated, " + misdelivered + " misdelivered, " + unsent
                + " never sent; first: " + firstBroken;
    }
}
