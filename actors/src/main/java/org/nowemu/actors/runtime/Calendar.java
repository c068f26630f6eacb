package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * A lane's calendar: its components (by local index) in a binary min-heap keyed by the earliest event of each
 * one's own timing mailbox, by the key (time, source id, source sequence). The lane handles the head of the
 * component on top, then re-keys it; a message for a component of the lane goes into that component's mailbox
 * and re-keys it at once. So the lane handles its events in the key order of the sequential engine's single
 * heap, restricted to its components, while every component keeps its own mailbox. A component with no event,
 * or one that has failed, is not in the heap.
 *
 * <p>Invariant: for every component k in the heap, {@code key[pos[k]]} is the head of k's mailbox. The head times
 * are also kept by local index in {@link #heads()} ({@link Long#MAX_VALUE} for none), for the earliest output
 * times ({@link ExitScan}).
 */
final class Calendar {
    private final ComponentCell[] cells;
    private final int[] heap;
    private final Event[] key;
    private final int[] pos;
    private final long[] heads;
    private int size;

    Calendar(ComponentCell[] cells) {
        this.cells = cells;
        int n = cells.length;
        heap = new int[n];
        key = new Event[n];
        pos = new int[n];
        heads = new long[n];
        Arrays.fill(pos, -1);
        Arrays.fill(heads, Long.MAX_VALUE);
    }

    /** Puts every live component with an event in the heap, from the mailboxes as they stand. */
    void build() {
        Arrays.fill(pos, -1);
        Arrays.fill(heads, Long.MAX_VALUE);
        Arrays.fill(key, null);
        size = 0;
        for (int k = 0; k < cells.length; k++) {
            ComponentCell c = cells[k];
            if (c.failure == null && !c.queue.isEmpty()) {
                Event h = c.queue.peek();
                heap[size] = k;
                key[size] = h;
                pos[k] = size++;
                heads[k] = h.time;
            }
        }
        for (int i = (size >>> 1) - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The time of the earliest event of the lane, or {@link Long#MAX_VALUE}. */
    long nextTime() {
        return size == 0 ? Long.MAX_VALUE : key[0].time;
    }

    /** The component whose head is the lane's earliest event (the heap must not be empty). */
    int top() {
        return heap[0];
    }

    /** Head times by local index (read only). */
    long[] heads() {
        return heads;
    }

    /** The top component has handled its head: re-key it from its mailbox, or take it out. */
    void fixTop() {
        int k = heap[0];
        ComponentCell c = cells[k];
        if (c.failure != null || c.queue.isEmpty()) {
            removeAt(0, k);
            return;
        }
        Event h = c.queue.peek();
        key[0] = h;
        heads[k] = h.time;
        siftDown(0);
    }

    /** {@code e} has just become the head of component k's mailbox (k had none, or a later one). */
    void lowered(int k, Event e) {
        heads[k] = e.time;
        int i = pos[k];
        if (i < 0) {
            i = size++;
            heap[i] = k;
            pos[k] = i;
        }
        key[i] = e;
        siftUp(i);
    }

    private void removeAt(int i, int k) {
        pos[k] = -1;
        heads[k] = Long.MAX_VALUE;
        int last = --size;
        if (i != last) {
            heap[i] = heap[last];
            key[i] = key[last];
            pos[heap[i]] = i;
            key[last] = null;
            siftDown(i);
            siftUp(i);
        } else {
            key[last] = null;
        }
    }

    private void siftUp(int i) {
        int k = heap[i];
        Event e = key[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = key[parent];
            if (before(p, e)) {
                break;
            }
            heap[i] = heap[parent];
            key[i] = p;
            pos[heap[i]] = i;
            i = parent;
        }
        heap[i] = k;
        key[i] = e;
        pos[k] = i;
    }

    private void siftDown(int i) {
        int k = heap[i];
        Event e = key[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Event c = key[child];
            int right = child + 1;
            if (right < size && before(key[right], c)) {
                child = right;
                c = key[child];
            }
            if (before(e, c)) {
                break;
            }
            heap[i] = heap[child];
            key[i] = c;
            pos[heap[i]] = i;
            i = child;
        }
        heap[i] = k;
        key[i] = e;
        pos[k] = i;
    }

    /** True when a's key is below b's (keys are unique, so never equal for two different heads). */
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
