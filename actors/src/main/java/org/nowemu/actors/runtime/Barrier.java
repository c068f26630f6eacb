package org.nowemu.actors.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the lanes of one JVM meet between windows, in shared memory: no actor message. Each lane arrives (an
 * atomic count); the last to arrive is the leader, which decides the next window with every lane's results in
 * view and then releases the others by bumping a generation number, or leaves the release to another thread
 * (a cluster member's exchange, once the other members have reported). A waiting lane spins on the generation
 * for a bounded while (the next window usually comes within microseconds), then parks until it is released.
 *
 * <p>Memory: a lane's writes before it arrives happen-before the leader's reads (the count is a volatile
 * read-modify-write), and the leader's writes before the release happen-before every lane's reads after it
 * sees the new generation (a volatile write and read).
 */
final class Barrier {
    /** Padding around the hot words, so that no other lane's field shares their cache lines. */
    private static final int PAD = 16;
    private final int parties;
    private final long spinNs;
    private final AtomicInteger arrived = new AtomicInteger();
    private final AtomicLong generation = new AtomicLong();
    /** Per lane, 1 while its thread may be parked (slots PAD apart). */
    private final AtomicIntegerArray parked;
    private final Thread[] threads;
    private volatile boolean aborted;
    private volatile boolean closed;
    /** Episodes in which more than one lane met: barrier crossings of the run. */
    private long crossings;

    /**
     * @param parties the lanes that meet here
     * @param spinNs  how long a waiting lane spins before it parks (ns)
     */
    Barrier(int parties, long spinNs) {
        this.parties = parties;
        this.spinNs = spinNs;
        this.parked = new AtomicIntegerArray((parties + 1) * PAD);
        this.threads = new Thread[parties];
    }

    int parties() {
        return parties;
    }

    /** Arrives; true for the last lane to arrive, which must then {@link #release} or hand the release on. */
    boolean arrive() {
        if (arrived.incrementAndGet() < parties) {
            return false;
        }
        arrived.set(0);
        if (parties > 1) {
            crossings++; // only the leader writes it, the count ordering the leaders
        }
        return true;
    }

    /** Opens the next generation and wakes the lanes that parked waiting for it (any thread). */
    void release() {
        generation.incrementAndGet();
        wakeParked();
    }

    /** Unparks every lane whose flag says it may be parked (read after the flag, its thread is known). */
    private void wakeParked() {
        for (int l = 0; l < parties; l++) {
            if (parked.get((l + 1) * PAD) != 0) {
                LockSupport.unpark(threads[l]);
            }
        }
    }

    /** The generation released so far (the first release makes it 1). */
    long generation() {
        return generation.get();
    }

    /**
     * Waits, as lane {@code lane}, until generation {@code g} has been released: spins, then parks. False if the
     * run was aborted, or this barrier closed, meanwhile.
     */
    boolean await(int lane, long g) {
        if (generation.get() >= g) {
            return !aborted && !closed;
        }
        if (threads[lane] == null) {
            threads[lane] = Thread.currentThread();
        }
        long deadline = System.nanoTime() + spinNs; // wall time decides only how a lane waits, never a result
        int spins = 0;
        while (generation.get() < g) {
            if (aborted || closed) {
                return false;
            }
            Thread.onSpinWait();
            if ((++spins & 63) == 0 && System.nanoTime() > deadline) {
                park(lane, g);
                break;
            }
        }
        return !aborted && !closed;
    }

    private void park(int lane, long g) {
        int slot = (lane + 1) * PAD;
        parked.set(slot, 1);
        // Set before the generation is read again: a release after this read sees the flag and unparks.
        while (generation.get() < g && !aborted && !closed) {
            LockSupport.park(this);
        }
        parked.set(slot, 0);
    }

    /** Ends every wait at once: the lanes that met here are done (the run went on with other lanes). */
    void close() {
        closed = true;
        wakeParked();
    }

    /** Ends every wait at once (the run is stopped from outside, or a lane crashed). */
    void abort() {
        aborted = true;
        wakeParked();
    }

    boolean aborted() {
        return aborted;
    }

    /** Barrier episodes where two or more lanes met (read after the run). */
    long crossings() {
        return crossings;
    }
}
