package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * Measures what one barrier between lanes costs on this machine ({@code ./nowemu bench}'s {@code barrierNanos},
 * the figure behind {@code nowemu.runtime.planner.barrier-cost}): {@code lanes} threads meet at a {@link Barrier}
 * over and over with no work between, the last to arrive releasing the others as a lane's leader does, and the
 * wall time per meeting is the barrier's cost. Wall time is the measure here; nothing emulated runs.
 */
public final class BarrierCost {
    private BarrierCost() {
    }

    /** The median over {@code trials} of the wall time per barrier (ns) of {@code lanes} threads meeting {@code rounds} times. */
    public static double nanos(int lanes, int rounds, int trials, long spinNs) throws InterruptedException {
        double[] t = new double[trials];
        for (int i = 0; i < trials; i++) {
            t[i] = once(lanes, rounds, spinNs);
        }
        Arrays.sort(t);
        return t[trials / 2];
    }

    private static double once(int lanes, int rounds, long spinNs) throws InterruptedException {
        Barrier b = new Barrier(lanes, spinNs);
        Thread[] threads = new Thread[lanes];
        long[] elapsed = new long[lanes];
        for (int l = 0; l < lanes; l++) {
            int lane = l;
            threads[l] = new Thread(() -> {
                long g = 1;
                b.await(lane, g);
                long t0 = System.nanoTime();
                for (int r = 0; r < rounds; r++) {
                    g++;
                    if (b.arrive()) {
                        b.release();
                    }
                    b.await(lane, g);
                }
                elapsed[lane] = System.nanoTime() - t0;
            }, "nowemu-barrier-cost-" + l);
            threads[l].start();
        }
        b.release();
        for (Thread th : threads) {
            th.join();
        }
        return Arrays.stream(elapsed).max().orElse(0) / (double) rounds;
    }
}
