package org.nowemu.actors.runtime;

import java.util.ArrayDeque;

/**
 * The lane hosts of one JVM that have no lane at the moment: those the lanes left when the run went back to one
 * lane, and those started beside a run the planner began on one lane. They wait here, parked, until a trial of
 * the lanes keeps them ({@link LaneTrial}) and seats them in the new lanes, or until the run is over. A host is a
 * thread; which one runs which lane never changes a result, so a seat goes to whichever host asks first.
 *
 * <p>Memory: the thread that {@link #seat}s the hosts has arranged the new lanes before it does, under this
 * object's lock; a host reads them after taking its seat under the same lock.
 */
final class Reserve {
    /** Lanes waiting for a host, by index. */
    private final ArrayDeque<Integer> seats = new ArrayDeque<>();
    private boolean over;

    /** Lanes 1 to {@code lanes} - 1 of a new arrangement need hosts (lane 0 is the caller's). */
    synchronized void seat(int lanes) {
        for (int l = 1; l < lanes; l++) {
            seats.add(l);
        }
        notifyAll();
    }

    /**
     * Waits for a lane to run: its index, or -1 once the run is over. A seat offered before the end is still taken:
     * a run that ends right after a trial kept the lanes ends in every lane, each finishing its components.
     */
    synchronized int take() {
        while (seats.isEmpty() && !over) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return seats.isEmpty() ? -1 : seats.poll();
    }

    /** The run is over (ended, stopped or aborted): every waiting host leaves. */
    synchronized void close() {
        over = true;
        notifyAll();
    }
}
