package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * The timing mailbox of one component (and the sequential engine's one heap of all events): a min-heap of pending
 * events ordered by the key (time, source id, source sequence). Only its owner touches it.
 *
 * <p>Four children a node, and each slot's time kept beside its event: a sift then reads the children's times from
 * one cache line and dereferences events only when times tie, and the heap is half as deep as a binary one.
 */
final class EventQueue {
    private Event[] heap = new Event[8];
    private long[] time = new long[8];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest event, or {@code Long.MAX_VALUE} when empty. */
    long nextTime() {
        return size == 0 ? Long.MAX_VALUE : time[0];
    }

    /** Adds {@code e}; true when it is now the earliest event. */
    boolean add(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            time = Arrays.copyOf(time, size * 2);
        }
        int i = size++;
        long t = e.time;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = time[parent];
            if (pt < t || (pt == t && Event.compare(e, heap[parent]) >= 0)) {
                break;
            }
            heap[i] = heap[parent];
            time[i] = pt;
            i = parent;
        }
        heap[i] = e;
        time[i] = t;
        return i == 0;
    }

    void clear() {
        Arrays.fill(heap, 0, size, null);
        size = 0;
    }

    /** The earliest event, left in place; remove it with {@link #poll()} or {@link #replaceTop}. */
    Event peek() {
        return heap[0];
    }

    Event poll() {
        Event top = heap[0];
        Event last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            siftDown(last);
        }
        return top;
    }

    private void siftDown(Event e) {
        int i = 0;
        long t = e.time;
        int n = size;
        while (true) {
            int first = 4 * i + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            long bt = time[first];
            int last = Math.min(first + 4, n);
            for (int c = first + 1; c < last; c++) {
                long ct = time[c];
                if (ct < bt || (ct == bt && Event.compare(heap[c], heap[best]) < 0)) {
                    best = c;
                    bt = ct;
                }
            }
            if (t < bt || (t == bt && Event.compare(e, heap[best]) <= 0)) {
                break;
            }
            heap[i] = heap[best];
            time[i] = bt;
            i = best;
        }
        heap[i] = e;
        time[i] = t;
    }
}
