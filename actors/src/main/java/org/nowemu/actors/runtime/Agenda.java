package org.nowemu.actors.runtime;

/**
 * The sub-coordinator's view of when each of its components next has work: an indexed binary min-heap of
 * local component indices keyed by next event time (ties by index), so granting a window costs
 * O(active log n) rather than a scan of every component.
 */
final class Agenda {
    private final long[] key;
    private final int[] heap;
    private final int[] pos;
    private int size;

    Agenda(int n) {
        key = new long[n];
        heap = new int[n];
        pos = new int[n];
        java.util.Arrays.fill(pos, -1);
    }

    boolean isEmpty() {
        return size == 0;
    }

    long minKey() {
        return size == 0 ? Long.MAX_VALUE : key[heap[0]];
    }

    /** Removes and returns the index with the smallest key. */
    int pop() {
        int top = heap[0];
        pos[top] = -1;
        int last = heap[--size];
        if (size > 0) {
            heap[0] = last;
            pos[last] = 0;
            down(0);
        }
        return top;
    }

    /** Sets the key of {@code i} to {@code min(current, t)}, inserting it if absent; ignores NEVER. */
    void lowerTo(int i, long t) {
        if (t == Long.MAX_VALUE) {
            return;
        }
        int p = pos[i];
        if (p < 0) {
            key[i] = t;
            heap[size] = i;
            pos[i] = size;
            up(size++);
        } else if (t < key[i]) {
            key[i] = t;
            up(p);
        }
    }

    private boolean less(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
    }

    private void up(int p) {
        int i = heap[p];
        while (p > 0) {
            int parent = (p - 1) >>> 1;
            int j = heap[parent];
            if (!less(i, j)) {
                break;
            }
            heap[p] = j;
            pos[j] = p;
            p = parent;
        }
        heap[p] = i;
        pos[i] = p;
    }

    private void down(int p) {
        int i = heap[p];
        int half = size >>> 1;
        while (p < half) {
            int c = 2 * p + 1;
            if (c + 1 < size && less(heap[c + 1], heap[c])) {
                c++;
            }
            int j = heap[c];
            if (!less(j, i)) {
                break;
            }
            heap[p] = j;
            pos[j] = p;
            p = c;
        }
        heap[p] = i;
        pos[i] = p;
    }
}
