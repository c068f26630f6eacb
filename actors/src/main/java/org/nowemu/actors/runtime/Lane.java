package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.time.VirtualTime;

/**
 * One lane's share of the model, run as one sequential loop: its components ({@link ComponentCell}s) and their
 * timing mailboxes in one {@link Calendar}, handled in the sequential engine's key order up to the window's end. A
 * message to a component of the same lane goes straight into that component's mailbox when it is sent, so a chain
 * of hops inside a lane costs no window; a message to another lane waits in this lane's outgoing batch for that
 * lane until the barrier; one to another cluster member, in its batch for that member.
 *
 * <p>Why a window is safe: a message that crosses lanes arrives no earlier than the sender's earliest output time
 * ({@link Calendar#output}), and the window ends at the least of those ({@link Windows}); every message a lane
 * takes at a barrier is checked to fall at or after the end of the window it last ran ({@link #done}), so no event
 * is ever handled below the lane's horizon (a violation is a runtime defect and stops the run).
 */
final class Lane {
    /** Events between two looks at the run's progress (a power of two, minus one). */
    private static final long TICK = (1 << 16) - 1;
    final int index;
    final ComponentCell[] cells;
    final Calendar calendar;
    private final LaneMap map;
    private final LaneGroup group;
    /** By local index: the component's class in the calendar. */
    private final int[] classOf;
    /** Messages for other lanes, by window parity and target lane; the target takes them after the barrier. */
    private final ArrayList<Event>[][] out;
    /** Messages for other members since the last member report, by member (member runs only). */
    ArrayList<Event>[] toMembers;
    /** Messages from other members, put here by the thread that opens a window, taken by this lane. */
    final ArrayList<Event> fromMembers = new ArrayList<>();
    private int parity;
    /** Handle events earlier than this; lowered by a send to another member. */
    long end;
    /** The end of the last window this lane ran: nothing may reach it earlier. */
    long done;
    // What the last window left, read by the leader at the barrier.
    long next = Long.MAX_VALUE;
    long output = Long.MAX_VALUE;
    long sentMin;
    long sentOutput;
    long sentMemberOutput;
    long memberBack;
    long handledInWindow;
    /** Wall time the last window kept this lane at work (ns; measured only beside other lanes, for the watch). */
    long busyInWindow;
    RunFailure failure;
    // Totals of the run.
    long handled;
    long crossed;
    long leastSlack = Long.MAX_VALUE;

    /** The calendar's one heap when this lane is alone on its run's one JVM (its components send into it), or null. */
    private final EventQueue alone;

    @SuppressWarnings("unchecked")
    Lane(int index, ComponentCell[] cells, LaneMap map, LaneGroup group, long done) {
        this.index = index;
        this.cells = cells;
        this.map = map;
        this.group = group;
        this.done = done;
        this.classOf = new int[cells.length];
        // Classes by the delay that bounds this lane's windows: to another lane, or else to another member.
        long[] by = map.laneExit() != null ? map.laneExit() : map.memberExit();
        int classes = 1;
        long[] exitFloor = null;
        long[] memberFloor = null;
        if (by != null) {
            long[] exit = new long[cells.length];
            for (int k = 0; k < cells.length; k++) {
                exit[k] = by[cells[k].id];
            }
            classes = Calendar.classes(exit, classOf);
            exitFloor = floors(map.laneExit(), classes);
            memberFloor = floors(map.memberExit(), classes);
        }
        calendar = new Calendar(classes, exitFloor, memberFloor);
        // Alone on one JVM the lane holds every component, in id order: its components send straight into its one
        // heap and it runs the sequential engine's loop. Through route() and the calendar's tops, the same events
        // cost a tenth more on contention (BENCHMARKS.md, 2026-11-28 evening).
        alone = map.lanes() == 1 && map.members() == 0 ? calendar.single() : null;
        for (ComponentCell c : cells) {
            c.lane = this;
            c.heap = alone;
        }
        int k = map.lanes();
        out = new ArrayList[2][k];
        for (int p = 0; p < 2; p++) {
            for (int l = 0; l < k; l++) {
                out[p][l] = new ArrayList<>();
            }
        }
        toMembers = newMemberBatches(map.members());
        beginWindow();
    }

    /** By class, the least of {@code exitById} over its components; null when {@code exitById} is. */
    private long[] floors(long[] exitById, int classes) {
        if (exitById == null) {
            return null;
        }
        long[] f = new long[classes];
        java.util.Arrays.fill(f, Long.MAX_VALUE);
        for (int k = 0; k < cells.length; k++) {
            f[classOf[k]] = Math.min(f[classOf[k]], exitById[cells[k].id]);
        }
        return f;
    }

    @SuppressWarnings("unchecked")
    static ArrayList<Event>[] newMemberBatches(int members) {
        ArrayList<Event>[] b = new ArrayList[members];
        for (int m = 0; m < members; m++) {
            b[m] = new ArrayList<>();
        }
        return b;
    }

    /** Runs every component's {@code onStart}, in id order. */
    void start() {
        for (ComponentCell c : cells) {
            c.start();
            if (c.failure != null && c.failure.before(failure)) {
                failure = c.failure;
            }
        }
    }

    /** Where a component of this lane sends a message, to itself or to another component. */
    void route(Event e) {
        int t = e.target;
        int l = map.laneOf()[t];
        if (l == index) {
            calendar.add(e, classOf[map.localIndex()[t]]);
        } else if (l >= 0) {
            out[parity][l].add(e);
            crossed++;
            sentMin = Math.min(sentMin, e.time);
            sentOutput = Math.min(sentOutput, ExitDelays.after(e.time, map.laneExit()[t]));
            if (map.memberExit() != null) {
                sentMemberOutput = Math.min(sentMemberOutput, ExitDelays.after(e.time, map.memberExit()[t]));
            }
        } else {
            toMembers[-1 - l].add(e);
            // What the other member does with it could come back no sooner: this lane stops there.
            long back = ExitDelays.after(e.time, map.memberExit()[t]);
            memberBack = Math.min(memberBack, back);
            end = Math.min(end, back);
        }
    }

    /** Files an event that reached this lane from elsewhere (another lane, another member, a rearrangement). */
    void file(Event e) {
        calendar.add(e, classOf[map.localIndex()[e.target]]);
    }

    /** Takes the messages other lanes sent it in the last window, and those from other members. */
    void takeIncoming(Lane[] lanes) {
        int from = parity ^ 1;
        for (Lane p : lanes) {
            if (p != this) {
                ArrayList<Event> l = p.out[from][index];
                for (int i = 0, n = l.size(); i < n; i++) {
                    accept(l.get(i));
                }
                l.clear();
            }
        }
        for (int i = 0, n = fromMembers.size(); i < n; i++) {
            accept(fromMembers.get(i));
        }
        fromMembers.clear();
    }

    private void accept(Event e) {
        long slack = e.time - done;
        if (slack < 0) {
            throw new IllegalStateException("causality broken: " + e + " reached lane " + index + " after it had run to "
                    + VirtualTime.format(done));
        }
        leastSlack = Math.min(leastSlack, slack);
        file(e);
    }

    /** Starts a window: sends now go to the other parity's batches (the ones taken at the next barrier). */
    void beginWindow() {
        parity ^= 1;
        sentMin = Long.MAX_VALUE;
        sentOutput = Long.MAX_VALUE;
        sentMemberOutput = Long.MAX_VALUE;
        memberBack = Long.MAX_VALUE;
        handledInWindow = 0;
    }

    /**
     * Handles, in key order, every event of the lane earlier than {@code windowEnd}, at most about
     * {@code budget} of them (a budget cuts the window at the end of the instant it runs out in).
     */
    void runWindow(long windowEnd, long budget) {
        end = windowEnd;
        long before = handled;
        if (alone != null) {
            runAlone(before, budget);
            return;
        }
        boolean timed = map.lanes() > 1;
        long t0 = timed ? System.nanoTime() : 0; // speed figures only: the planner's watch
        Calendar cal = calendar;
        int[] local = map.localIndex();
        while (true) {
            Event e = cal.peek();
            if (e == null || e.time >= end) {
                break;
            }
            cal.poll();
            ComponentCell c = cells[local[e.target]];
            c.handle(e);
            handled(c, e, before, budget);
        }
        handledInWindow = handled - before;
        busyInWindow = timed ? System.nanoTime() - t0 : 0;
        done = end;
    }

    /** {@link #runWindow} for a lane alone on its JVM: the loop over its one heap (a component's index is its id). */
    private void runAlone(long before, long budget) {
        EventQueue q = alone;
        ComponentCell[] all = cells;
        while (q.nextTime() < end) {
            Event e = q.poll();
            ComponentCell c = all[e.target];
            c.handle(e);
            handled(c, e, before, budget);
        }
        handledInWindow = handled - before;
        busyInWindow = 0;
        done = end;
    }

    /** After {@code c} handled {@code e}: its failure, the progress tick, and the window's budget. */
    private void handled(ComponentCell c, Event e, long before, long budget) {
        if (c.failure != null && c.failure.before(failure)) {
            if (failure == null) {
                end = Math.min(end, c.failure.time() + 1); // finish the failure's instant, then stop
            }
            failure = c.failure;
        }
        if ((++handled & TICK) == 0) {
            group.tick(this, e.time);
        }
        if (handled - before >= budget && end > e.time + 1) {
            end = e.time + 1;
        }
    }

    /** Records what the barrier needs: the earliest event and the earliest time anything can leave the lane. */
    void report() {
        next = calendar.nextTime();
        output = calendar.output();
    }

    /** The earliest time the lane's pending work could send to another member (member runs only). */
    long memberOutput() {
        return calendar.memberOutput();
    }

    /** Hands over the messages for other members gathered since the last member report. */
    ArrayList<Event>[] takeMemberBatches() {
        ArrayList<Event>[] b = toMembers;
        toMembers = newMemberBatches(b.length);
        return b;
    }

    /** Everything pending in the lane, in no particular order: for a rearrangement of the lanes. */
    void drainInto(List<Event> into) {
        calendar.takeAll(into);
    }

    /** Queues what other lanes sent last, unhandled, then every component leaves its final report. */
    void finish(Lane[] lanes, List<ComponentReport> into) {
        takeIncoming(lanes);
        List<List<Event>> pending = calendar.drain(cells.length, localIndexes());
        for (int k = 0; k < cells.length; k++) {
            ComponentCell c = cells[k];
            c.finish(pending.get(k));
            into.add(c.report);
            if (c.failure != null && c.failure.before(failure)) {
                failure = c.failure;
            }
        }
    }

    private int[] localIndexes() {
        return map.localIndex();
    }
}
