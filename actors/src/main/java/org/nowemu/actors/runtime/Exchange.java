package org.nowemu.actors.runtime;

import java.util.List;

/**
 * What a cluster member's lanes ({@link LaneGroup#member}) meet the other members through: at the end of each
 * member window the leading lane hands the member's report here, and the exchange, once it holds every member's
 * report, opens the next member window ({@link LaneGroup#openWindow}) or ends the run ({@link LaneGroup#finish}).
 * Implemented over Artery by the cluster's member exchange.
 */
public interface Exchange {

    /**
     * The member's lanes have nothing left before the member window's end (or one of its components failed).
     *
     * @param localMin       earliest time of any message pending on the member (ps)
     * @param earliestOutput earliest time its pending work could send to another member (ps), {@link ExitDelays}
     * @param outgoing       messages for each member, by member index (its own entry empty)
     * @param handled        messages handled since the last report
     * @param failure        the earliest handler failure on the member, or null
     */
    void windowClosed(long localMin, long earliestOutput, List<List<Event>> outgoing, long handled, RunFailure failure);

    /** A lane is still at work in a long window, {@code handled} events into the run (for liveness only). */
    void working(long handled);

    /** The member's components' final reports, in id order, with the earliest failure of their onFinish (or null). */
    void finished(List<ComponentReport> reports, RunFailure failure);

    /** A lane's host failed outside any component (a runtime defect): the run cannot go on. */
    void crashed(String why);
}
