package org.nowemu.protocol.system;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What a stack assumes about the hardware besides what its design choices handle, declared by its system next to
 * them ({@link CommSystem#assumptions}), with the reason its paper gives: FM promises delivery but assumes Myrinet
 * loses nothing; PM keeps its retransmission state in NIC memory, which a power cycle wipes. A message of the stack
 * lost to a fault it assumes away is counted by the ledger as lost to the assumption, not as a broken promise
 * ({@code parts/ledger/FaultExposures}); a loss under any other fault, or none, still breaks the ledger.
 *
 * @param assumed the kinds of fault assumed away
 * @param why     the reason, from the system's paper ("" when nothing is assumed)
 */
public record Assumptions(Set<Assumption> assumed, String why) {
    /** Nothing assumed: every fault is either survived or its losses are not promised against. */
    public static final Assumptions NONE = new Assumptions(EnumSet.noneOf(Assumption.class), "");

    /** Lost packets of every kind (bit errors, cut cables, failed switches) and NIC power cycles. */
    public static Assumptions losslessNetwork(String why) {
        return new Assumptions(EnumSet.of(Assumption.NO_BIT_ERRORS, Assumption.NO_CUT_CABLES,
                Assumption.NO_SWITCH_FAILURES, Assumption.NO_POWER_CYCLES), why);
    }

    /** NIC power cycles only: the reliability state lives in NIC memory. */
    public static Assumptions stateInNic(String why) {
        return new Assumptions(EnumSet.of(Assumption.NO_POWER_CYCLES), why);
    }

    public Assumptions {
        assumed = java.util.Collections.unmodifiableSet(assumed.isEmpty() ? EnumSet.noneOf(Assumption.class)
                : EnumSet.copyOf(assumed));
        if (!assumed.isEmpty() && why.isBlank()) {
            throw new IllegalArgumentException("an assumption needs its reason");
        }
    }

    /** These and {@code more}, for the same reason and more. */
    public Assumptions and(Assumption more, String alsoWhy) {
        EnumSet<Assumption> all = assumed.isEmpty() ? EnumSet.noneOf(Assumption.class) : EnumSet.copyOf(assumed);
        all.add(more);
        return new Assumptions(all, why + "; " + alsoWhy);
    }

    /** Whether a fault of schedule kind {@code kind} is assumed away. */
    public boolean assumes(String kind) {
        for (Assumption a : assumed) {
            if (a.kinds().contains(kind)) {
                return true;
            }
        }
        return false;
    }

    /** One line for {@code ./nowemu list}: "no bit errors, no cut cables (why)", or "nothing". */
    public String text() {
        if (assumed.isEmpty()) {
            return "nothing";
        }
        List<String> p = new ArrayList<>();
        for (Assumption a : assumed) {
            p.add(a.phrase());
        }
        return String.join(", ", p) + " (" + why + ")";
    }
}
