package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * The timing mailbox of one component: a binary min-heap of pending events ordered by the key
 * (time, source id, source sequence). Only its owner touches it.
 */
final class EventQueue {
    private Event[] heap = new Event[8];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest event, or {@code Long.MAX_VALUE} when empty. */
    long nextTime() {
        return size == 0 ? Long.MAX_VALUE : heap[0].time;
    }

    void add(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (Event.compare(e, p) >= 0) {
                break;
            }
            heap[i] = p;
            i = parent;
        }
        heap[i] = e;
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

    /**
     * Removes the earliest event and adds {@code e} in one sift: a component handling its earliest event
     * usually schedules its next one, and this halves the heap work of that pattern.
     */
    void replaceTop(Event e) {
        siftDown(e);
    }

    private void siftDown(Event e) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Event c = heap[child];
            int right = child + 1;
            if (right < size && Event.compare(heap[right], c) < 0) {
                child = right;
                c = heap[child];
            }
            if (Event.compare(e, c) <= 0) {
                break;
            }
            heap[i] = c;
            i = child;
        }
        heap[i] = e;
    }
}
