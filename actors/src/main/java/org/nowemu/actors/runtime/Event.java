package org.nowemu.actors.runtime;

/**
 * One timed message: {@code payload} for component {@code target} at virtual time {@code time} (ps), sent by
 * component {@code source} as its {@code sequence}-th send. The key (time, source, sequence) is unique and
 * total, so every component sees its events in the same order whatever the threads and partitions do.
 */
public final class Event {
    final long time;
    final int source;
    final long sequence;
    final int target;
    final Object payload;

    public Event(long time, int source, long sequence, int target, Object payload) {
        this.time = time;
        this.source = source;
        this.sequence = sequence;
        this.target = target;
        this.payload = payload;
    }

    public long time() {
        return time;
    }

    public int source() {
        return source;
    }

    public long sequence() {
        return sequence;
    }

    public int target() {
        return target;
    }

    public Object payload() {
        return payload;
    }

    /** Orders by the key (time, source, sequence). */
    static int compare(Event a, Event b) {
        if (a.time != b.time) {
            return a.time < b.time ? -1 : 1;
        }
        if (a.source != b.source) {
            return a.source < b.source ? -1 : 1;
        }
        return Long.compare(a.sequence, b.sequence);
    }

    @Override
    public String toString() {
        return "Event[t=" + time + "ps, " + source + "#" + sequence + " -> " + target + ", " + payload + "]";
    }
}
