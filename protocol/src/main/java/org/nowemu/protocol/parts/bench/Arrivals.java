package org.nowemu.protocol.parts.bench;

/**
 * What a {@link Messenger} adapter counts as messages arrive: how many, and when the first and the latest came; and,
 * for a program that asks ({@link #keepLog}), each arrival's time and sender in the order they came, which a traffic
 * generator matches to what each sender sent.
 */
public final class Arrivals {
    private long count;
    private long first = -1;
    private long last = -1;
    private boolean logging;
    private long[] at = new long[0];
    private int[] from = new int[0];
    private boolean[] ack = new boolean[0];
    private int head;
    private int tail;

    /** A message has arrived at the program's clock {@code at}, from a sender the adapter does not know. */
    public void arrived(long time) {
        arrived(time, -1);
    }

    /** A message from host {@code source} has arrived at the program's clock {@code time}. */
    public void arrived(long time, int source) {
        arrived(time, source, false);
    }

    /**
     * A message from host {@code source} has arrived at {@code time}: an acknowledgement ({@link Messenger#sendAck})
     * if {@code isAck}, else data. Both count as arrivals, so a wait for the next one ends on either.
     */
    public void arrived(long time, int source, boolean isAck) {
        if (logging) {
            log(time, source, isAck);
        }
        count++;
        if (first < 0) {
            first = time;
        }
        last = time;
    }

    /** Forgets when earlier messages came (a new phase). */
    public void mark() {
        first = -1;
        last = -1;
    }

    /** From now on, every arrival is kept until the program {@link #take}s it. */
    public void keepLog() {
        logging = true;
    }

    /** Whether an arrival is kept that the program has not taken. */
    public boolean hasLogged() {
        return head < tail;
    }

    /** The oldest kept arrival's time (ps); {@link #loggedSource} is its sender. */
    public long loggedAt() {
        return at[head];
    }

    /** The oldest kept arrival's sender, or -1 if the adapter does not know it. */
    public int loggedSource() {
        return from[head];
    }

    /** Whether the oldest kept arrival is an acknowledgement rather than data. */
    public boolean loggedAck() {
        return ack[head];
    }

    /** Forgets the oldest kept arrival. */
    public void take() {
        head++;
        if (head == tail) {
            head = 0;
            tail = 0;
        }
    }

    private void log(long time, int source, boolean isAck) {
        if (tail == at.length) {
            int live = tail - head;
            int size = Math.max(16, live * 2);
            long[] a = new long[size];
            int[] f = new int[size];
            boolean[] k = new boolean[size];
            System.arraycopy(at, head, a, 0, live);
            System.arraycopy(from, head, f, 0, live);
            System.arraycopy(ack, head, k, 0, live);
            at = a;
            from = f;
            ack = k;
            head = 0;
            tail = live;
        }
        at[tail] = time;
        from[tail] = source;
        ack[tail] = isAck;
        tail++;
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
