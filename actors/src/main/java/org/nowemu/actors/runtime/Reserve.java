package org.nowemu.actors.runtime;

import java.util.ArrayDeque;
import java.util.function.IntConsumer;

/**
 * The lane hosts of one JVM that have no lane at the moment: those the lanes left when the run went back to one
 * lane, and those started beside a run the planner began on one lane. They wait here, parked, until a trial of
 * the lanes keeps them ({@link LaneTrial}) and seats them in the new lanes, or until the run is over. A host is a
 * thread; which one runs which lane never changes a result, so a seat goes to whichever host asks first.
 *
 * <p>The hosts are started by the first lane's host: those its lanes need at once when it has prepared them, and
 * the others only when a trial first keeps more lanes than there are hosts, since a run the pilot keeps on one lane
 * would otherwise start a thread it never uses, whose start and end cost the bench's LogP model, a run of a third
 * of a second, 1 to 2 ms (2026-11-28).
 *
 * <p>Memory: the thread that {@link #seat}s the hosts has arranged the new lanes before it does, under this
 * object's lock; a host reads them after taking its seat under the same lock.
 */
final class Reserve {
    /** Lanes waiting for a host, by index. */
    private final ArrayDeque<Integer> seats = new ArrayDeque<>();
    private boolean over;
    /** Starts a host for lane {@code l} (-1: one that waits here for a seat), on the first lane's host's thread. */
    private IntConsumer starter;
    private Thread lead;
    /** Hosts started, the first lane's included. */
    private int hosts = 1;

    /**
     * Called by the first lane's host, on its thread: starts hosts with {@code starter} from now on, first for
     * lanes 1 to {@code lanes} - 1.
     */
    synchronized void startWith(IntConsumer starter, int lanes) {
        this.starter = starter;
        lead = Thread.currentThread();
        for (int l = 1; l < lanes; l++) {
            starter.accept(l);
            hosts++;
        }
    }

    /** Lanes 1 to {@code lanes} - 1 of a new arrangement need hosts (lane 0 is the caller's). */
    synchronized void seat(int lanes) {
        for (int l = 1; l < lanes; l++) {
            seats.add(l);
        }
        while (hosts < lanes) {
            // Only a run that has stayed on one lane since its pilot lacks hosts, and its one lane runs on the first
            // lane's host: the actor that may start its children.
            if (Thread.currentThread() != lead) {
                throw new IllegalStateException("lane hosts are started by the first lane's host only");
            }
            starter.accept(-1);
            hosts++;
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
