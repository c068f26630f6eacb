package org.nowemu.protocol.parts.host;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;

/**
 * What every system's host API offers its programs besides communication, the same on each: the process's clock,
 * host time spent computing, its random stream and its records. An API implements {@link #process()}; the rest
 * goes to the library thread the program runs on.
 */
public interface ProcessServices {
    /** The library thread the program runs on. */
    LibraryThread process();

    /** This host's index (its NIC's). */
    default int host() {
        return process().host();
    }

    /** Hosts in the cluster. */
    default int hosts() {
        return process().hosts();
    }

    /** Computes for {@code ps} of host time (the CPU busy, no progress made meanwhile). */
    default void computeFor(long ps) {
        process().computeFor(ps);
    }

    /** The program's clock (ps). */
    default long now() {
        return process().clock();
    }

    /** The process's random stream (from the seed). */
    default SplittableRandom random() {
        return process().rng();
    }

    /** A counter of the process, summed over the run by name. */
    default Counter counter(String name) {
        return process().stat(name);
    }

    /** A histogram of the process, merged over the run by name. */
    default Histogram histogram(String name) {
        return process().hist(name);
    }

    /** Records an outcome of the program (in the run's component outcomes). */
    default void outcome(Object o) {
        process().note(o);
    }
}
