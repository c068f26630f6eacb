package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lanes of one JVM ({@link Lane}s: each its share of the components as one sequential loop) and the windows
 * they run between barriers. The last lane to reach the {@link Barrier} decides the next window for all
 * ({@link #decide}): it starts at the earliest pending event of any lane (empty time is skipped) and ends at the
 * earliest time anything could cross from one lane to another: the least, over the lanes, of their earliest output
 * times (pending work plus {@link ExitDelays} to the cut) and of what the messages just exchanged could cause, never
 * less than the least delay over the connections that cross lanes (SST's sync period). With one lane there is no
 * window: the lane runs to the horizon, and the first failure ends it as on the sequential engine.
 *
 * <p>On a cluster member the lanes are the member's, and a member window from its {@link Exchange} bounds theirs:
 * when no lane has work left before the member window's end, the leader hands the member's report to the
 * exchange and the lanes wait until the exchange opens the next member window ({@link #openWindow}) or ends the
 * run ({@link #finish}), from its own thread.
 */
public final class LaneGroup {
    enum Step { WINDOW, FINISH, STOP, WAIT }

    final Model model;
    /** This JVM's components, by ascending id. */
    final ComponentCell[] cells;
    final long horizon;
    private final RunProgress progress;
    private final long spinNs;
    /** The member's exchange, or null on one JVM. */
    private final Exchange outer;
    private final long[] memberExit;
    private final int members;
    private final CompletableFuture<List<ComponentReport>> done = new CompletableFuture<>();
    private final AtomicLong ticked = new AtomicLong();
    Lane[] lanes;
    LaneMap map;
    Barrier barrier;
    /** The window the lanes run next, written before the release that lets them run it. */
    private Step step;
    long windowStart;
    long windowEnd;
    /** Member runs: where the member window ends (lowered as the lanes send to other members). */
    private long memberEnd = Long.MIN_VALUE;
    private long pendingOutput;
    private RunFailure failure;
    private final List<ComponentReport> reports = new ArrayList<>();
    private int finishedLanes;
    // Statistics: windows run by several lanes, events, the busiest lane's events summed over windows, lanes at work.
    long windows;
    long events;
    long critical;
    long activations;
    /** Events handled in windows run by several lanes. */
    long windowedEvents;
    private long reportedEvents;
    /** Messages that crossed lanes, and the least margin of one over its lane's horizon, in lanes since replaced. */
    private long crossedBefore;
    private long slackBefore = Long.MAX_VALUE;

    private LaneGroup(Model model, ComponentCell[] cells, long horizon, RunProgress progress, long spinNs, Exchange outer,
                      long[] memberExit, int members) {
        this.model = model;
        this.cells = cells;
        this.horizon = horizon;
        this.progress = progress;
        this.spinNs = spinNs;
        this.outer = outer;
        this.memberExit = memberExit;
        this.members = members;
    }

    /** Every component of {@code model} on this JVM, in one lane to begin with ({@link #arrange} splits it). */
    static LaneGroup local(Model model, RuntimeSettings settings, long horizon, RunProgress progress) {
        ComponentCell[] cells = new ComponentCell[model.size()];
        for (int id = 0; id < cells.length; id++) {
            cells[id] = new ComponentCell(id, model, settings.seed(), settings.tracing(), settings.traceLimit());
        }
        LaneGroup g = new LaneGroup(model, cells, horizon, progress, settings.spinNs(), null, null, 0);
        int[] one = new int[cells.length];
        g.arrange(new TopologyPlacement.Assigned(one, 1));
        return g;
    }

    /**
     * The lanes of cluster member {@code member}: its components ({@code placement}'s partition {@code member}) over
     * at most {@code lanes} lanes, balanced by component count; {@code memberExit} by component id
     * ({@link ExitDelays} over the members' placement). The lanes wait for {@link #begin}.
     */
    public static LaneGroup member(Model model, RuntimeSettings settings, Placement placement, int member,
                                   long[] memberExit, int lanes, long horizon, Exchange outer) {
        int[] own = placement.members(member);
        ComponentCell[] cells = new ComponentCell[own.length];
        for (int k = 0; k < own.length; k++) {
            cells[k] = new ComponentCell(own[k], model, settings.seed(), settings.tracing(), settings.traceLimit());
        }
        LaneGroup g = new LaneGroup(model, cells, horizon, new RunProgress(), settings.spinNs(), outer, memberExit,
                placement.partitions());
        g.place(TopologyPlacement.assign(model, own, null, lanes), placement, member);
        return g;
    }

    /**
     * Puts this JVM's components into lanes by {@code parts} (by position in {@link #cells}): the lanes' mailboxes
     * and calendars are rebuilt from the components as they stand, after the messages still between lanes are
     * delivered. Each new lane has run to where the old ones had all run (nothing may arrive below it).
     */
    void arrange(TopologyPlacement.Assigned parts) {
        long done = Long.MAX_VALUE;
        if (lanes != null) {
            for (Lane l : lanes) {
                l.beginWindow();
                l.takeIncoming(lanes);
            }
            crossedBefore = crossed();
            slackBefore = leastSlack();
            for (Lane l : lanes) {
                done = Math.min(done, l.done);
            }
        }
        place(parts, null, 0);
        for (Lane l : lanes) {
            l.done = done == Long.MAX_VALUE ? 0 : done;
            l.report();
        }
    }

    private void place(TopologyPlacement.Assigned parts, Placement memberPlacement, int member) {
        int k = parts.parts();
        int n = model.size();
        int[] laneOf = new int[n];
        int[] localIndex = new int[n];
        int[] partitionOf = new int[n];
        int[] count = new int[k];
        if (memberPlacement != null) {
            for (int id = 0; id < n; id++) {
                int m = memberPlacement.partitionOf(id);
                laneOf[id] = -1 - m;
                partitionOf[id] = k + m; // each other member a part of its own, for the exit delays
            }
        }
        for (int i = 0; i < cells.length; i++) {
            int id = cells[i].id;
            int l = parts.partOf()[i];
            laneOf[id] = l;
            partitionOf[id] = l;
            localIndex[id] = count[l]++;
        }
        long[] laneExit = null;
        long cut = Long.MAX_VALUE;
        if (k > 1) {
            Placement p = Placement.of(partitionOf, k + (memberPlacement == null ? 0 : memberPlacement.partitions()));
            laneExit = ExitDelays.of(model, p);
            for (ComponentCell c : cells) {
                Connections cs = c.connections;
                for (int j = 0; j < cs.targets().length; j++) {
                    if (partitionOf[cs.targets()[j]] != partitionOf[c.id]) {
                        cut = Math.min(cut, cs.minDelays()[j]);
                    }
                }
                cut = Math.min(cut, cs.toAnyMin());
            }
        }
        map = new LaneMap(laneOf, localIndex, laneExit, memberExit, k, members, cut);
        ComponentCell[][] share = new ComponentCell[k][];
        for (int l = 0; l < k; l++) {
            share[l] = new ComponentCell[count[l]];
        }
        int[] fill = new int[k];
        for (int i = 0; i < cells.length; i++) {
            int l = parts.partOf()[i];
            share[l][fill[l]++] = cells[i];
        }
        lanes = new Lane[k];
        for (int l = 0; l < k; l++) {
            lanes[l] = new Lane(l, share[l], map, this, 0);
        }
        barrier = new Barrier(k, spinNs);
    }

    /** Runs every component's {@code onStart} on the calling thread. */
    void start() {
        for (Lane l : lanes) {
            l.start();
        }
        for (Lane l : lanes) {
            l.report();
        }
    }

    /**
     * The leader's part at a barrier, every lane's results in view: the next window, or the end of the run, or (on
     * a member) the member's report to the exchange.
     */
    Step decide() {
        long start = Long.MAX_VALUE;
        long output = Long.MAX_VALUE;
        long back = Long.MAX_VALUE;
        long busiest = 0;
        for (Lane l : lanes) {
            start = Math.min(start, Math.min(l.next, l.sentMin));
            output = Math.min(output, Math.min(l.output, l.sentOutput));
            back = Math.min(back, l.memberBack);
            if (l.failure != null && l.failure.before(failure)) {
                failure = l.failure;
            }
            events += l.handledInWindow;
            windowedEvents += lanes.length > 1 ? l.handledInWindow : 0;
            busiest = Math.max(busiest, l.handledInWindow);
            activations += l.handledInWindow > 0 ? 1 : 0;
            l.handledInWindow = 0;
        }
        critical += busiest;
        progress.update(Math.min(start, horizon), events);
        if (outer != null) {
            memberEnd = Math.min(memberEnd, back);
            windowStart = start;
            pendingOutput = output;
            if (failure != null || start >= memberEnd) {
                // The exchange may open the next member window at once, from inside the report (the other
                // members' reports already in): that writes the step and releases the lanes itself.
                step = Step.WAIT;
                reportToMember(start);
                return Step.WAIT;
            }
            return step = open(start, output, memberEnd);
        }
        if (failure != null) {
            done.completeExceptionally(new EmulationException(failure.describe()));
            return step = Step.STOP;
        }
        if (start >= horizon) {
            return step = Step.FINISH;
        }
        return step = open(start, output, horizon);
    }

    private Step open(long start, long output, long bound) {
        windowStart = start;
        windowEnd = lanes.length == 1 ? bound
                : Math.min(bound, Math.max(output, ExitDelays.after(start, map.cut())));
        return Step.WINDOW;
    }

    private void reportToMember(long start) {
        long earliestOutput = Long.MAX_VALUE;
        List<List<Event>> outgoing = new ArrayList<>(members);
        for (int m = 0; m < members; m++) {
            outgoing.add(new ArrayList<>());
        }
        for (Lane l : lanes) {
            earliestOutput = Math.min(earliestOutput, Math.min(l.memberOutput(), l.sentMemberOutput));
            ArrayList<Event>[] b = l.takeMemberBatches();
            for (int m = 0; m < members; m++) {
                outgoing.get(m).addAll(b[m]);
            }
        }
        long handled = events - reportedEvents;
        reportedEvents = events;
        outer.windowClosed(start, earliestOutput, outgoing, handled, failure);
    }

    /**
     * Runs windows on the calling thread, every lane in turn, until about {@code budget} more events are handled
     * or the run ends: the pilot of {@link Planner}. Returns the step decided last (a window not yet run, the
     * finish, or a stop).
     */
    Step runInline(long budget) {
        long from = events;
        Step s = decide();
        while (s == Step.WINDOW && events - from < budget) {
            if (lanes.length > 1) {
                windows++;
            }
            for (Lane l : lanes) {
                l.beginWindow();
                l.takeIncoming(lanes);
                l.runWindow(windowEnd, lanes.length == 1 ? budget - (events - from) : Long.MAX_VALUE);
                l.report();
            }
            s = decide();
        }
        return s;
    }

    /** Ends the run on the calling thread (the pilot reached the horizon). */
    void finishInline() {
        for (Lane l : lanes) {
            l.beginWindow();
            finishLane(l);
        }
    }

    /** Lets the lanes run the window decided last: they wait for it in {@link #runLane}. */
    void releaseFirst() {
        if (step == Step.WINDOW && lanes.length > 1) {
            windows++;
        }
        barrier.release();
    }

    /** Lane {@code l}'s loop, on its own thread: window, barrier, window... until the run ends or is stopped. */
    void runLane(int l) {
        Lane me = lanes[l];
        long generation = 1;
        while (barrier.await(l, generation)) {
            generation++;
            Step s = step;
            if (s == Step.STOP) {
                return;
            }
            me.beginWindow();
            if (s == Step.FINISH) {
                finishLane(me);
                return;
            }
            me.takeIncoming(lanes);
            me.runWindow(windowEnd, Long.MAX_VALUE);
            if (barrier.aborted()) {
                return;
            }
            me.report();
            if (barrier.arrive()) {
                Step next = decide();
                if (next == Step.WINDOW && lanes.length > 1) {
                    windows++;
                }
                if (next != Step.WAIT) {
                    barrier.release();
                }
            }
        }
    }

    private void finishLane(Lane me) {
        List<ComponentReport> mine = new ArrayList<>(me.cells.length);
        me.finish(lanes, mine);
        synchronized (reports) {
            reports.addAll(mine);
            if (me.failure != null && me.failure.before(failure)) {
                failure = me.failure;
            }
            if (++finishedLanes < lanes.length) {
                return;
            }
            reports.sort(Comparator.comparingInt(ComponentReport::id));
            if (outer != null) {
                outer.finished(List.copyOf(reports), failure);
            } else if (failure != null) {
                done.completeExceptionally(new EmulationException(failure.describe()));
            } else {
                done.complete(List.copyOf(reports));
            }
        }
    }

    /** Every {@code 2^16} events of a lane: progress for the display, and a sign of life to the member's exchange. */
    void tick(Lane lane, long time) {
        long total = ticked.addAndGet(1 << 16);
        progress.update(time, total);
        if (outer != null) {
            outer.working(total);
        }
    }

    /** Completes with every component's report in id order, or exceptionally when the run failed (one JVM). */
    CompletableFuture<List<ComponentReport>> done() {
        return done;
    }

    /** A lane's host failed outside any component (a runtime defect): the run stops with its message. */
    void crashed(int lane, Throwable t) {
        String why = "lane " + lane + " stopped: " + t;
        barrier.abort();
        if (outer != null) {
            outer.crashed(why);
        } else {
            done.completeExceptionally(new EmulationException(why));
        }
    }

    // The member's side, called by its exchange from the exchange's thread while every lane waits.

    /** Runs every component's {@code onStart}, then reports to the exchange (the member's window 0). */
    public void begin() {
        start();
        decide();
    }

    /** Opens member window [its earliest event, {@code end}) with {@code incoming} from other members. */
    public void openWindow(long end, List<Event> incoming) {
        memberEnd = end;
        long start = windowStart;
        long output = pendingOutput;
        for (Event e : incoming) {
            lanes[map.laneOf()[e.target()]].fromMembers.add(e);
            start = Math.min(start, e.time());
            if (map.laneExit() != null) {
                output = Math.min(output, ExitDelays.after(e.time(), map.laneExit()[e.target()]));
            }
        }
        step = open(start, output, end);
        releaseFirst();
    }

    /** Ends the run: {@code incoming} are queued unhandled and every component leaves its final report. */
    public void finish(List<Event> incoming) {
        for (Event e : incoming) {
            lanes[map.laneOf()[e.target()]].fromMembers.add(e);
        }
        step = Step.FINISH;
        barrier.release();
    }

    /** Stops the lanes wherever they are (the run was stopped from outside). */
    public void abort() {
        barrier.abort();
    }

    public int lanes() {
        return lanes.length;
    }

    /** Messages that crossed lanes, and the least margin by which one arrived after its lane's horizon (ps). */
    long crossed() {
        long c = crossedBefore;
        for (Lane l : lanes) {
            c += l.crossed;
        }
        return c;
    }

    long leastSlack() {
        long s = slackBefore;
        for (Lane l : lanes) {
            s = Math.min(s, l.leastSlack);
        }
        return s;
    }
}
