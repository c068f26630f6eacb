package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * A lane's calendar: its components (by local index) in a min-heap keyed by the earliest event of each one's own
 * timing mailbox, by the key (time, source id, source sequence). The lane handles the head of the component on
 * top, then re-keys it; a message for a component of the lane goes into that component's mailbox and, when it
 * becomes the mailbox's head, into the calendar at once. So the lane handles its events in the key order of the
 * sequential engine's single heap, restricted to its components, while every component keeps its own mailbox.
 *
 * <p>An entry is (component, the head it was filed under). A component whose head is lowered by a new message is
 * filed again under it, and its old entry stays behind, stale: an entry on top counts only if its event is still
 * its component's head (and the component has not failed); stale ones are dropped as they surface. That saves
 * tracking each component's place in the heap, whose upkeep on every move cost more than the stale entries do.
 * Head times are also kept by local index in {@link #heads()} ({@link Long#MAX_VALUE} for none), for the earliest
 * output times ({@link ExitScan}).
 *
 * <p>Why four children a node, and the times beside the events: re-keying the top after each event is the lane's
 * hottest work, and its cost is cache misses. A heap of four children is half as deep as a binary one, its four
 * children's times lie side by side in one array, so a level costs about one cache line; events are read only
 * when two times tie.
 */
final class Calendar {
    private final ComponentCell[] cells;
    private int[] comp;
    private Event[] key;
    private long[] time;
    private final long[] heads;
    private int size;

    Calendar(ComponentCell[] cells) {
        this.cells = cells;
        int n = Math.max(4, cells.length + cells.length / 2);
        comp = new int[n];
        key = new Event[n];
        time = new long[n];
        heads = new long[cells.length];
        Arrays.fill(heads, Long.MAX_VALUE);
    }

    /** Files every live component with an event, from the mailboxes as they stand. */
    void build() {
        Arrays.fill(heads, Long.MAX_VALUE);
        Arrays.fill(key, 0, size, null);
        size = 0;
        for (int k = 0; k < cells.length; k++) {
            ComponentCell c = cells[k];
            if (c.failure == null && !c.queue.isEmpty()) {
                Event h = c.queue.peek();
                comp[size] = k;
                key[size] = h;
                time[size++] = h.time;
                heads[k] = h.time;
            }
        }
        for (int i = (size - 2) >>> 2; i >= 0 && size > 1; i--) {
            siftDown(i, comp[i], key[i], time[i]);
        }
    }

    /**
     * The component whose head is the lane's earliest event, stale entries dropped on the way; -1 when no
     * component has an event.
     */
    int top() {
        while (size > 0) {
            int k = comp[0];
            ComponentCell c = cells[k];
            if (c.failure == null && c.queue.peek() == key[0]) {
                return k;
            }
            removeTop();
        }
        return -1;
    }

    /** The time of the top entry: after {@link #top()} returned a component, its head's time. */
    long topTime() {
        return time[0];
    }

    /** The time of the earliest event of the lane, or {@link Long#MAX_VALUE}. */
    long nextTime() {
        return top() < 0 ? Long.MAX_VALUE : time[0];
    }

    /** Head times by local index (read only). */
    long[] heads() {
        return heads;
    }

    /** The top component ({@link #top()}) has handled its head: re-file it under its new head, or take it out. */
    void fixTop() {
        int k = comp[0];
        ComponentCell c = cells[k];
        Event h = c.failure == null ? c.queue.peek() : null;
        if (h == null) {
            heads[k] = Long.MAX_VALUE;
            removeTop();
            return;
        }
        heads[k] = h.time;
        siftDown(0, k, h, h.time);
    }

    /** {@code e} has just become the head of component k's mailbox (k had none, or a later one). */
    void lowered(int k, Event e) {
        heads[k] = e.time;
        if (size == comp.length) {
            int n = size * 2;
            comp = Arrays.copyOf(comp, n);
            key = Arrays.copyOf(key, n);
            time = Arrays.copyOf(time, n);
        }
        siftUp(size++, k, e, e.time);
    }

    private void removeTop() {
        int last = --size;
        int k = comp[last];
        Event e = key[last];
        long t = time[last];
        key[last] = null;
        if (last > 0) {
            siftDown(0, k, e, t);
        }
    }

    private void siftUp(int i, int k, Event e, long t) {
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = time[parent];
            if (pt < t || (pt == t && before(key[parent], e))) {
                break;
            }
            comp[i] = comp[parent];
            key[i] = key[parent];
            time[i] = pt;
            i = parent;
        }
        comp[i] = k;
        key[i] = e;
        time[i] = t;
    }

    private void siftDown(int i, int k, Event e, long t) {
        int n = size;
        while (true) {
            int first = 4 * i + 1;
            if (first >= n) {
                break;
            }
            // The least of up to four children: by time, then (rarely) by the rest of the key.
            int best = first;
            long bt = time[first];
            int last = Math.min(first + 4, n);
            for (int c = first + 1; c < last; c++) {
                long ct = time[c];
                if (ct < bt || (ct == bt && before(key[c], key[best]))) {
                    best = c;
                    bt = ct;
                }
            }
            if (t < bt || (t == bt && !before(key[best], e))) {
                break;
            }
            comp[i] = comp[best];
            key[i] = key[best];
            time[i] = bt;
            i = best;
        }
        comp[i] = k;
        key[i] = e;
        time[i] = t;
    }

    /** True when a's key is below b's. */
    private static boolean before(Event a, Event b) {
        if (a.time != b.time) {
            return a.time < b.time;
        }
        if (a.source != b.source) {
            return a.source < b.source;
        }
        return a.sequence < b.sequence;
    }
}
