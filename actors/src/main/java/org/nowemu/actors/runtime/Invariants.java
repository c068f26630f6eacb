package org.nowemu.actors.runtime;

/**
 * The message ledger of a run as the runtime sees it.
 *
 * @param sent             messages sent (by components to others and to themselves)
 * @param handled          messages handled
 * @param returnedToSender messages returned to their sender (protocol layers add these; 0 for the runtime)
 * @param pending          messages still queued at the end of the run (at or after the horizon)
 * @param lost             sent - handled - pending - returned: must be 0
 * @param duplicated       deliveries of a message already delivered: must be 0
 */
public record Invariants(long sent, long handled, long returnedToSender, long pending, long lost, long duplicated) {
    public boolean hold() {
        return lost == 0 && duplicated == 0;
    }
}
