package org.nowemu.actors.stats;

/**
 * A named event count kept by one component; the run sums counters of the same name over all components.
 * Counters go into the run digest, so count only what the model decides, never anything timing-dependent.
 */
public final class Counter {
    private long value;

    public void increment() {
        value++;
    }

    public void add(long n) {
        value += n;
    }

    public long value() {
        return value;
    }
}
