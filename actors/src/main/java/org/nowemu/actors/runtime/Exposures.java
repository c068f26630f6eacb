package org.nowemu.actors.runtime;

import java.util.List;

/**
 * The faults of a run that a process's stack assumes away, as a message from it to a given host would meet them:
 * on the cables and switches of its route there and back, or at either end (a NIC that loses power). A sending
 * process hands this to its {@link LedgerBook} ({@link LedgerBook#assumes}); the book asks once per destination
 * host, at the first message there, and keeps the answer on its page. The {@link Ledger} then counts a promised
 * message that was neither handled nor returned as lost to an assumption, not lost, if its destination host has
 * such a fault (see {@link Ledger} for the rule). Asking must not change the run: it reads the configuration only.
 */
@FunctionalInterface
public interface Exposures {
    /** The assumed-away faults a message to host {@code host} meets, in a fixed order; empty if none. */
    List<Exposure> to(int host);

    /**
     * One fault: its kind, as the fault schedule names it ({@code link-errors}, {@code cut-link}, {@code power-cycle},
     * ...), and when it first holds (ps). A fault's damage can outlast it (a sequence number or a credit it wiped
     * stays wiped), so it counts from then to the end of the run.
     */
    record Exposure(String kind, long fromPs) {
    }
}
