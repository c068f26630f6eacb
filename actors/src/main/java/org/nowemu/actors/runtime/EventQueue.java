package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * A min-heap of pending events ordered by the key (time, source id, source sequence): the sequential engine's one
 * heap, a class of a lane's {@link Calendar}, what is left for a component at the end of a run. Only its owner
 * touches it.
 *
 * <p>Four children a node, and each slot's key kept beside its event as two longs: the time, and the source and
 * sequence packed in one (source id times 2^40 plus sequence). A sift then reads the children's keys from two cache
 * lines and never dereferences an event, and the heap is half as deep as a binary one. Many events of the Myrinet
 * model share their time, so comparing times alone would still read the events on every tie (a tenth of a lane's
 * samples on the bench's fat tree). An event whose source or sequence does not fit (over 2^23 components, or 2^40
 * sends from one) is compared by its fields.
 */
final class EventQueue {
    private static final int SOURCE_BITS = 23;
    private static final int SEQUENCE_BITS = 40;
    private Event[] heap = new Event[8];
    private long[] time = new long[8];
    /** Source and sequence packed, or -1 when they do not fit. */
    private long[] tie = new long[8];
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

    private static long tieOf(Event e) {
        return e.source >= 0 && e.source < (1 << SOURCE_BITS) && e.sequence >= 0 && e.sequence < (1L << SEQUENCE_BITS)
                ? ((long) e.source << SEQUENCE_BITS) | e.sequence : -1;
    }

    /**
     * True when (ta, ka) orders before (tb, kb); where times tie and a key does not fit, the callers compare the
     * events' fields ({@link Event#compare}). The events are not arguments: reading them from the array for every comparison, though
     * the common path never looks at them, cost a load per child in every sift.
     */
    private static boolean before(long ta, long ka, long tb, long kb) {
        return ta != tb ? ta < tb : ka < kb;
    }

    /** Whether the keys of two slots' events are packed (otherwise they are compared by their fields). */
    private static boolean packed(long ka, long kb) {
        return (ka | kb) >= 0;
    }

    /** Adds {@code e}; true when it is now the earliest event. */
    boolean add(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            time = Arrays.copyOf(time, size * 2);
            tie = Arrays.copyOf(tie, size * 2);
        }
        int i = size++;
        long t = e.time;
        long k = tieOf(e);
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = time[parent];
            long pk = tie[parent];
            if (t == pt && !packed(k, pk) ? Event.compare(e, heap[parent]) >= 0 : !before(t, k, pt, pk)) {
                break;
            }
            heap[i] = heap[parent];
            time[i] = time[parent];
            tie[i] = tie[parent];
            i = parent;
        }
        heap[i] = e;
        time[i] = t;
        tie[i] = k;
        return i == 0;
    }

    void clear() {
        Arrays.fill(heap, 0, size, null);
        size = 0;
    }

    /** The earliest event, left in place. */
    Event peek() {
        return heap[0];
    }

    /**
     * Moves every pending event into {@code into}, in no particular order, and empties the heap: for events that go
     * into other heaps, whose order is the key's whatever the order they come in. A poll each would sort them, for
     * nothing: on contention a trial of the lanes spent 3 to 5 ms so on 9,000 to 20,000 pending events.
     */
    void takeAll(java.util.List<Event> into) {
        into.addAll(Arrays.asList(heap).subList(0, size));
        clear();
    }

    Event poll() {
        Event top = heap[0];
        int last = --size;
        Event e = heap[last];
        long t = time[last];
        long k = tie[last];
        heap[last] = null;
        if (last > 0) {
            siftDown(e, t, k);
        }
        return top;
    }

    private void siftDown(Event e, long t, long k) {
        int i = 0;
        int n = size;
        while (true) {
            int first = 4 * i + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            long bt = time[first];
            long bk = tie[first];
            int last = Math.min(first + 4, n);
            for (int c = first + 1; c < last; c++) {
                long ct = time[c];
                long ck = tie[c];
                if (ct == bt && !packed(ck, bk) ? Event.compare(heap[c], heap[best]) < 0 : before(ct, ck, bt, bk)) {
                    best = c;
                    bt = ct;
                    bk = ck;
                }
            }
            if (bt == t && !packed(bk, k) ? Event.compare(heap[best], e) >= 0 : !before(bt, bk, t, k)) {
                break;
            }
            heap[i] = heap[best];
            time[i] = bt;
            tie[i] = bk;
            i = best;
        }
        heap[i] = e;
        time[i] = t;
        tie[i] = k;
    }
}
