package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.time.VirtualTime;

/**
 * One lane's share of the model, run as one sequential loop: its components ({@link ComponentCell}s, each with
 * its own timing mailbox) in one {@link Calendar}, handled in the sequential engine's key order up to the
 * window's end. A message to a component of the same lane goes straight into that component's mailbox when it
 * is sent, so a chain of hops inside a lane costs no window; a message to another lane waits in this lane's
 * outgoing batch for that lane until the barrier; one to another cluster member, in its batch for that member.
 *
 * <p>Why a window is safe: a message that crosses lanes arrives no earlier than the sender's earliest output time
 * ({@link ExitScan}), and the window ends at the least of those ({@link Windows}); every message a lane takes at a
 * barrier is checked to fall at or after the end of the window it last ran ({@link #done}), so no event is ever
 * handled below the lane's horizon (a violation is a runtime defect and stops the run).
 */
final class Lane {
    /** Events between two looks at the run's progress and at an abort (a power of two, minus one). */
    private static final long TICK = (1 << 16) - 1;
    final int index;
    final ComponentCell[] cells;
    final Calendar calendar;
    private final LaneMap map;
    private final LaneGroup group;
    private final ExitScan laneScan;
    private final ExitScan memberScan;
    /** Messages for other lanes, by window parity and target lane; the target takes them after the barrier. */
    private final ArrayList<Event>[][] out;
    /** Messages for other members since the last member report, by member (member runs only). */
    ArrayList<Event>[] toMembers;
    /** Messages from other members, put here by the thread that opens a window, taken by this lane. */
    final ArrayList<Event> fromMembers = new ArrayList<>();
    /** False while components start: the calendar is built from their mailboxes afterwards. */
    private boolean live;
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
    RunFailure failure;
    // Totals of the run.
    long handled;
    long crossed;
    long leastSlack = Long.MAX_VALUE;

    @SuppressWarnings("unchecked")
    Lane(int index, ComponentCell[] cells, LaneMap map, LaneGroup group, long done) {
        this.index = index;
        this.cells = cells;
        this.map = map;
        this.group = group;
        this.done = done;
        this.calendar = new Calendar(cells);
        long[] laneExit = map.laneExit() == null ? null : new long[cells.length];
        long[] memberExit = map.memberExit() == null ? null : new long[cells.length];
        for (int k = 0; k < cells.length; k++) {
            cells[k].lane = this;
            if (laneExit != null) {
                laneExit[k] = map.laneExit()[cells[k].id];
            }
            if (memberExit != null) {
                memberExit[k] = map.memberExit()[cells[k].id];
            }
        }
        laneScan = laneExit == null ? null : new ExitScan(laneExit);
        memberScan = memberExit == null ? null : new ExitScan(memberExit);
        int k = map.lanes();
        out = new ArrayList[2][k];
        for (int p = 0; p < 2; p++) {
            for (int l = 0; l < k; l++) {
                out[p][l] = new ArrayList<>();
            }
        }
        toMembers = newMemberBatches(map.members());
        live = true;
        calendar.build();
        beginWindow();
    }

    @SuppressWarnings("unchecked")
    static ArrayList<Event>[] newMemberBatches(int members) {
        ArrayList<Event>[] b = new ArrayList[members];
        for (int m = 0; m < members; m++) {
            b[m] = new ArrayList<>();
        }
        return b;
    }

    /** Runs every component's {@code onStart}, in id order, then builds the calendar from their mailboxes. */
    void start() {
        live = false;
        for (ComponentCell c : cells) {
            c.start();
            if (c.failure != null && c.failure.before(failure)) {
                failure = c.failure;
            }
        }
        live = true;
        calendar.build();
    }

    /** Where a component of this lane sends a message to another component (not itself). */
    void route(Event e) {
        int t = e.target;
        int l = map.laneOf()[t];
        if (l == index) {
            deliver(map.localIndex()[t], e);
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

    private void deliver(int k, Event e) {
        ComponentCell c = cells[k];
        if (c.queue.add(e) && live && c.failure == null) {
            calendar.lowered(k, e);
        }
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
        deliver(map.localIndex()[e.target], e);
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
        Calendar cal = calendar;
        while (true) {
            int k = cal.top();
            if (k < 0) {
                break;
            }
            long t = cal.topTime();
            if (t >= end) {
                break;
            }
            ComponentCell c = cells[k];
            c.handleHead();
            if (c.failure != null) {
                if (failure == null) {
                    end = Math.min(end, c.failure.time() + 1); // finish the failure's instant, then stop
                }
                if (c.failure.before(failure)) {
                    failure = c.failure;
                }
            }
            cal.fixTop();
            if ((++handled & TICK) == 0) {
                group.tick(this, t);
            }
            if (handled - before >= budget && end > t + 1) {
                end = t + 1;
            }
        }
        handledInWindow = handled - before;
        done = end;
    }

    /** Records what the barrier needs: the earliest event and the earliest time anything can leave the lane. */
    void report() {
        next = calendar.nextTime();
        output = laneScan == null ? Long.MAX_VALUE : laneScan.earliest(calendar.heads(), next);
    }

    /** The earliest time the lane's pending work could send to another member (member runs only). */
    long memberOutput() {
        return memberScan.earliest(calendar.heads(), calendar.nextTime());
    }

    /** Hands over the messages for other members gathered since the last member report. */
    ArrayList<Event>[] takeMemberBatches() {
        ArrayList<Event>[] b = toMembers;
        toMembers = newMemberBatches(b.length);
        return b;
    }

    /** Queues what other lanes sent last, unhandled, then every component leaves its final report. */
    void finish(Lane[] lanes, List<ComponentReport> into) {
        takeIncoming(lanes);
        for (ComponentCell c : cells) {
            c.finish(null);
            into.add(c.report);
            if (c.failure != null && c.failure.before(failure)) {
                failure = c.failure;
            }
        }
    }
}
