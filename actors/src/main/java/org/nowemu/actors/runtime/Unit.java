package org.nowemu.actors.runtime;

import java.util.Arrays;
import java.util.List;

/**
 * Several components of one partition activated as one ({@link Units}): in a window it handles its members'
 * events in key order up to the unit's safe horizon ({@link Horizons}), and a message from one member to
 * another goes straight into the target's own queue instead of waiting for the barrier. Messages to components
 * outside the unit go to the sender's outbox as before.
 *
 * <p>Why each member handles the same events in the same order as on its own. Each member keeps its own
 * timing mailbox and handles it in key order. The unit picks, among its members' earliest events, the one with
 * the least key, so it handles events in non-decreasing time (a member's zero-delay send to itself stays at the
 * current time). A message between members made while handling at t arrives at t + delay with delay at least
 * the lookahead (&gt; 0), so it is in its target's queue before the unit reaches its time; a message from
 * outside the unit arrives at or after the unit's horizon, so it was delivered at an earlier barrier. So when a
 * member handles an event, every event it will ever be given with a smaller key is already in its queue, which
 * is what the sequential engine guarantees too ({@code SequentialEngine}).
 *
 * <p>The unit knows each member's earliest event through {@link #heads}: a heap of candidate events that holds
 * every member's current earliest event, and possibly stale ones (an event that has since been handled, or is no
 * longer its member's earliest); a candidate is handled only if it is still on top of its member's queue.
 */
final class Unit {
    private final ComponentCell[] cells;
    /** The members' component ids, ascending, for {@link #indexOf}. */
    private final int[] ids;
    /** Null for a unit of one component, which runs its own queue ({@link ComponentCell#runWindow}). */
    private final EventQueue heads;
    /**
     * The members (by member index) that handled or were given an event in the last activation: only their
     * earliest times and outboxes can have changed, so the sub-coordinator reads only theirs.
     */
    private final int[] touched;
    private final boolean[] isTouched;
    private int touchedCount;
    /** Messages handled in the last activation, summed over the members. */
    long handledInWindow;
    /** The earliest event of any member after the last activation. */
    long nextTime = Long.MAX_VALUE;

    Unit(ComponentCell[] cells) {
        this.cells = cells;
        this.ids = new int[cells.length];
        this.heads = cells.length > 1 ? new EventQueue() : null;
        this.touched = new int[cells.length];
        this.isTouched = new boolean[cells.length];
        for (int i = 0; i < cells.length; i++) {
            ids[i] = cells[i].id;
            if (cells.length > 1) {
                cells[i].unit = this;
            }
        }
        for (int i = 1; i < ids.length; i++) {
            if (ids[i] <= ids[i - 1]) {
                throw new IllegalArgumentException("unit members must be in ascending id order: " + Arrays.toString(ids));
            }
        }
    }

    ComponentCell[] cells() {
        return cells;
    }

    /** The member index of component {@code id}, or a negative number if it is not a member. */
    int indexOf(int id) {
        return Arrays.binarySearch(ids, id);
    }

    /** The members touched in the last activation, by member index: the first {@link #touchedCount()} entries. */
    int[] touched() {
        return touched;
    }

    int touchedCount() {
        return touchedCount;
    }

    private void touch(int member) {
        if (!isTouched[member]) {
            isTouched[member] = true;
            touched[touchedCount++] = member;
        }
    }

    private void untouchAll() {
        for (int i = 0; i < touchedCount; i++) {
            isTouched[touched[i]] = false;
        }
        touchedCount = 0;
    }

    /** Runs every member's {@code onStart}, in id order. */
    void start() {
        untouchAll();
        for (int i = 0; i < cells.length; i++) {
            cells[i].start();
            touch(i);
        }
        if (cells.length > 1) {
            // A member's onStart may have sent to one started before it.
            heads.clear();
            for (ComponentCell c : cells) {
                c.nextTime = c.queue.nextTime();
                if (c.failure == null && !c.queue.isEmpty()) {
                    heads.add(c.queue.peek());
                }
            }
        }
        nextTime = earliest();
    }

    /** Queues {@code e} for member {@code member} now: a message from another member, or from outside at a barrier. */
    void deliver(int member, Event e) {
        ComponentCell to = cells[member];
        to.queue.add(e);
        touch(member);
        if (to.queue.peek() == e) {
            heads.add(e);
        }
    }

    /** The earliest event of any member, dropping stale candidates off the top of {@link #heads}. */
    private long earliest() {
        if (cells.length == 1) {
            return cells[0].queue.nextTime();
        }
        while (!heads.isEmpty()) {
            Event e = heads.peek();
            ComponentCell c = cells[indexOf(e.target)];
            if (c.failure == null && c.queue.peek() == e) {
                return e.time;
            }
            heads.poll();
        }
        return Long.MAX_VALUE;
    }

    /** Handles, in key order, every member's event earlier than {@code end}, taking {@code incoming} first. */
    void runWindow(long end, List<Event> incoming) {
        untouchAll();
        if (cells.length == 1) {
            ComponentCell c = cells[0];
            c.runWindow(end, incoming);
            handledInWindow = c.handledInWindow;
            touch(0);
            nextTime = c.nextTime;
            return;
        }
        if (incoming != null) {
            for (int i = 0, n = incoming.size(); i < n; i++) {
                Event e = incoming.get(i);
                deliver(indexOf(e.target), e);
            }
        }
        long handled = 0;
        while (heads.nextTime() < end) {
            Event e = heads.poll();
            int m = indexOf(e.target);
            ComponentCell c = cells[m];
            if (c.failure != null || c.queue.peek() != e) {
                continue; // stale: handled already, or no longer its member's earliest
            }
            touch(m);
            long before = c.handledTotal();
            c.handleHead();
            handled += c.handledTotal() - before;
            if (c.failure == null && !c.queue.isEmpty()) {
                heads.add(c.queue.peek());
            }
        }
        for (int i = 0; i < touchedCount; i++) {
            ComponentCell c = cells[touched[i]];
            c.nextTime = c.queue.nextTime();
        }
        handledInWindow = handled;
        nextTime = earliest();
    }

    /** Queues {@code incoming} (may be null) unhandled, then every member leaves its final report. */
    void finish(List<Event> incoming) {
        if (incoming != null) {
            for (int i = 0, n = incoming.size(); i < n; i++) {
                Event e = incoming.get(i);
                cells[indexOf(e.target)].queue.add(e);
            }
        }
        for (ComponentCell c : cells) {
            c.finish(null);
        }
    }
}
