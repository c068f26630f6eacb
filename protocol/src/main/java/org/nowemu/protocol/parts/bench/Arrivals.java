package org.nowemu.protocol.parts.bench;

/** What a {@link Messenger} adapter counts as messages arrive: how many, and when the first and the latest came. */
public final class Arrivals {
    private long count;
    private long first = -1;
    private long last = -1;

    /** A message has arrived at the program's clock {@code at}. */
    public void arrived(long at) {
        count++;
        if (first < 0) {
            first = at;
        }
        last = at;
    }

    /** Forgets when earlier messages came (a new phase). */
    public void mark() {
        first = -1;
        last = -1;
    }

    public long count() {
        return count;
    }

    public long first() {
        return first;
    }

    public long last() {
        return last;
    }
}
