package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A lane's calendar: the timing mailboxes of its components, kept as the sequential engine keeps them, in heaps of
 * events ordered by the key (time, source id, source sequence), so that the lane takes its events in exactly the
 * sequential engine's order. A component's mailbox is the events addressed to it, all in the heap of its
 * component's class: the lane's components are grouped by their exit delay (how soon their work can leave the lane,
 * {@link ExitDelays}) into a few classes, each with its own heap, so that the lane's earliest output time is the
 * least, over the classes, of the earliest event plus the class's least exit delay: safe (no component of a class
 * exits sooner), and read off the heaps' tops. The next event is the least of the classes' tops.
 *
 * <p>Why not a heap of components, each with a heap of its own events: that handles the same events in the same
 * order, but every event then costs two heap operations (its component's and the calendar's) and the cache misses
 * of two structures; on the bench's fat tree it cost about a fifth more per event than the sequential engine's one
 * heap (BENCHMARKS.md, 2026-11-27). This is that one heap, cut in a few.
 */
final class Calendar {
    /** Classes of exit delay a lane keeps at most: their tops are scanned for every event. */
    static final int MAX_CLASSES = 6;
    private final EventQueue[] heaps;
    /** By class: the least exit delay of its components (for the earliest output time), and of their member exits. */
    private final long[] exitFloor;
    private final long[] memberFloor;
    /** With several classes, the class holding the earliest event, or -1 when every heap is empty (unused with one). */
    private int top = -1;

    /**
     * @param classes     number of classes (1 when nothing is measured from a lane's edge)
     * @param exitFloor   by class, the least lane exit delay of its components ({@link Long#MAX_VALUE}: none)
     * @param memberFloor by class, the least member exit delay of its components, or null outside a cluster run
     */
    Calendar(int classes, long[] exitFloor, long[] memberFloor) {
        heaps = new EventQueue[classes];
        for (int c = 0; c < classes; c++) {
            heaps[c] = new EventQueue();
        }
        this.exitFloor = exitFloor;
        this.memberFloor = memberFloor;
    }

    /**
     * The one heap of a calendar with one class, or null: a lone lane's components send straight into it, as into the
     * sequential engine's heap, and the lane takes its events from it.
     */
    EventQueue single() {
        return heaps.length == 1 ? heaps[0] : null;
    }

    /** Files {@code e} in class {@code c}'s heap. */
    void add(Event e, int c) {
        EventQueue h = heaps[c];
        if (heaps.length == 1) {
            h.add(e);
            return;
        }
        if (h.add(e) && c != top && (top < 0 || Event.compare(e, heaps[top].peek()) < 0)) {
            top = c;
        }
    }

    /** The lane's earliest event, or null. */
    Event peek() {
        return heaps.length == 1 ? heaps[0].peek() : top < 0 ? null : heaps[top].peek();
    }

    long nextTime() {
        return heaps.length == 1 ? heaps[0].nextTime() : top < 0 ? Long.MAX_VALUE : heaps[top].nextTime();
    }

    /** Takes the lane's earliest event (there must be one). */
    Event poll() {
        if (heaps.length == 1) {
            return heaps[0].poll();
        }
        Event e = heaps[top].poll();
        findTop();
        return e;
    }

    private void findTop() {
        int best = -1;
        Event b = null;
        for (int c = 0; c < heaps.length; c++) {
            EventQueue h = heaps[c];
            if (!h.isEmpty()) {
                Event e = h.peek();
                if (b == null || e.time < b.time || (e.time == b.time && Event.compare(e, b) < 0)) {
                    best = c;
                    b = e;
                }
            }
        }
        top = best;
    }

    /** The earliest time the lane's pending work could leave the lane: the least class top plus its exit floor. */
    long output() {
        return least(exitFloor);
    }

    /** The earliest time the lane's pending work could leave the member (cluster runs). */
    long memberOutput() {
        return least(memberFloor);
    }

    private long least(long[] floor) {
        if (floor == null) {
            return Long.MAX_VALUE;
        }
        long best = Long.MAX_VALUE;
        for (int c = 0; c < heaps.length; c++) {
            best = Math.min(best, ExitDelays.after(heaps[c].nextTime(), floor[c]));
        }
        return best;
    }

    /** Empties the calendar into {@code into}, in no particular order (for other calendars). */
    void takeAll(List<Event> into) {
        for (EventQueue h : heaps) {
            h.takeAll(into);
        }
        top = -1;
    }

    /** Empties the calendar into lists by target (local index): what is still pending at the end of a run. */
    List<List<Event>> drain(int components, int[] localIndex) {
        List<List<Event>> pending = new ArrayList<>(components);
        for (int k = 0; k < components; k++) {
            pending.add(null);
        }
        for (EventQueue h : heaps) {
            while (!h.isEmpty()) {
                Event e = h.poll();
                int k = localIndex[e.target];
                if (pending.get(k) == null) {
                    pending.set(k, new ArrayList<>());
                }
                pending.get(k).add(e);
            }
        }
        top = -1;
        return pending;
    }

    /**
     * Classes for a lane's components: by ascending exit delay, up to {@link #MAX_CLASSES} of about equal count of
     * distinct delays; {@code classOf} (by local index) gets each component's class. Returns the number of classes.
     */
    static int classes(long[] exitByLocal, int[] classOf) {
        long[] distinct = Arrays.stream(exitByLocal).distinct().sorted().toArray();
        int n = Math.max(1, Math.min(MAX_CLASSES, distinct.length));
        for (int k = 0; k < exitByLocal.length; k++) {
            int rank = Arrays.binarySearch(distinct, exitByLocal[k]);
            classOf[k] = (int) ((long) rank * n / distinct.length);
        }
        return n;
    }
}
