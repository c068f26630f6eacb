package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lanes of one JVM ({@link Lane}s: each its share of the components as one sequential loop), and their loops:
 * window, barrier, window... The last lane to reach the {@link Barrier} decides the next window for all
 * ({@link Windows}) and releases the others. With one lane there is no window: the lane runs to the horizon, and
 * the first failure ends it as on the sequential engine.
 *
 * <p>On a cluster member the lanes are the member's, and a member window from its {@link Exchange} bounds theirs:
 * when no lane has work left before the member window's end, the leader hands the member's report to the
 * exchange and the lanes wait until the exchange opens the next member window ({@link #openWindow}) or ends the
 * run ({@link #finish}), from its own thread.
 */
public final class LaneGroup {
    final Model model;
    /** This JVM's components, by ascending id. */
    final ComponentCell[] cells;
    private final RunProgress progress;
    private final long spinNs;
    /** The member's exchange, or null on one JVM. */
    private final Exchange outer;
    private final Placement members;
    private final long[] memberExit;
    private final CompletableFuture<List<ComponentReport>> done = new CompletableFuture<>();
    private final AtomicLong ticked = new AtomicLong();
    /** CPU time of the lanes' threads in their loops (ns; negative once a thread could not measure it). */
    final AtomicLong cpuNanos = new AtomicLong();
    /** Wall time the lanes waited at the barrier (ns). */
    final AtomicLong waitNanos = new AtomicLong();
    /** Lanes still in their loops; {@link #idle} completes when the last has left (its CPU time counted). */
    private final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
    private final CompletableFuture<Void> idle = new CompletableFuture<>();
    final Windows windows;
    /** The lanes to try again while one lane runs, or null (no planner, or no trials). */
    LaneTrial trial;
    /** The hosts without a lane at the moment. */
    private final Reserve reserve = new Reserve();
    Lane[] lanes;
    LaneMap map;
    /** The last cut into several lanes and its map, kept for the trials that arrange it again. */
    private TopologyPlacement.Assigned cutParts;
    private LaneMap cutMap;
    Barrier barrier;
    private final List<ComponentReport> reports = new ArrayList<>();
    private int finishedLanes;
    /** Figures of lanes and barriers since replaced ({@link #arrange}). */
    private long crossedBefore;
    private long slackBefore = Long.MAX_VALUE;
    private long crossingsBefore;

    private LaneGroup(Model model, ComponentCell[] cells, long horizon, RunProgress progress, long spinNs,
                      Exchange outer, Placement members, long[] memberExit) {
        this.model = model;
        this.cells = cells;
        this.progress = progress;
        this.spinNs = spinNs;
        this.outer = outer;
        this.members = members;
        this.memberExit = memberExit;
        this.windows = new Windows(horizon, progress, done, outer);
    }

    /** Every component of {@code model} on this JVM, in one lane to begin with ({@link #arrange} splits it). */
    static LaneGroup local(Model model, RuntimeSettings settings, long horizon, RunProgress progress) {
        ComponentCell[] cells = new ComponentCell[model.size()];
        for (int id = 0; id < cells.length; id++) {
            cells[id] = new ComponentCell(id, model, settings.seed(), settings.tracing(), settings.traceLimit());
        }
        LaneGroup g = new LaneGroup(model, cells, horizon, progress, settings.spinNs(), null, null, null);
        g.arrange(oneLane(cells.length));
        return g;
    }

    /**
     * The lanes of cluster member {@code member}: its components ({@code placement}'s partition {@code member}) over
     * at most {@code lanes} lanes cut along the topology, balanced by component count; {@code memberExit} by
     * component id ({@link ExitDelays} over the members' placement). The lanes wait for {@link #begin}.
     */
    public static LaneGroup member(Model model, RuntimeSettings settings, Placement placement, int member,
                                   long[] memberExit, int lanes, long horizon, Exchange outer) {
        int[] own = placement.members(member);
        ComponentCell[] cells = new ComponentCell[own.length];
        for (int k = 0; k < own.length; k++) {
            cells[k] = new ComponentCell(own[k], model, settings.seed(), settings.tracing(), settings.traceLimit());
        }
        LaneGroup g = new LaneGroup(model, cells, horizon, new RunProgress(), settings.spinNs(), outer, placement,
                memberExit);
        g.arrange(TopologyPlacement.assign(model, own, null, lanes));
        return g;
    }

    static TopologyPlacement.Assigned oneLane(int components) {
        return new TopologyPlacement.Assigned(new int[components], 1);
    }

    /**
     * Puts this JVM's components into lanes by {@code parts} (by position in {@link #cells}), every lane at the
     * barrier: the messages still between lanes are delivered first, then every pending event moves, with its
     * component, to its new lane's calendar. Each new lane has run to where the old ones had all run (nothing may
     * arrive below it).
     */
    void arrange(TopologyPlacement.Assigned parts) {
        long ran = 0;
        List<Event> pending = new ArrayList<>();
        if (lanes != null) {
            ran = Long.MAX_VALUE;
            for (Lane l : lanes) {
                l.beginWindow();
                l.takeIncoming(lanes);
                ran = Math.min(ran, l.done);
            }
            for (Lane l : lanes) {
                l.drainInto(pending);
            }
            crossedBefore = crossed();
            slackBefore = leastSlack();
            crossingsBefore += barrier.crossings();
        }
        if (parts != cutParts) {
            map = LaneMap.of(model, cells, parts, members, memberExit);
            if (parts.parts() > 1) {
                // A trial arranges the pilot's cut again and again: its map (exit delays, the cut) is the same.
                cutParts = parts;
                cutMap = map;
            }
        } else {
            map = cutMap;
        }
        ComponentCell[][] share = new ComponentCell[parts.parts()][];
        for (int l = 0; l < share.length; l++) {
            share[l] = new ComponentCell[map.sizes()[l]];
        }
        int[] fill = new int[share.length];
        for (int i = 0; i < cells.length; i++) {
            int l = parts.partOf()[i];
            share[l][fill[l]++] = cells[i];
        }
        Lane[] made = new Lane[share.length];
        for (int l = 0; l < made.length; l++) {
            made[l] = new Lane(l, share[l], map, this, ran);
        }
        for (Event e : pending) {
            made[map.laneOf()[e.target()]].file(e);
        }
        for (Lane l : made) {
            l.report();
        }
        lanes = made;
        barrier = new Barrier(made.length, spinNs);
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

    Windows.Step decide() {
        return windows.decide(lanes, map);
    }

    /** Ends the run on the calling thread (the pilot reached the horizon). */
    void finishInline() {
        for (Lane l : lanes) {
            l.beginWindow();
            finishLane(l);
        }
    }

    /** The hosts without a lane, which start the lanes' hosts ({@link Reserve#startWith}). */
    Reserve reserve() {
        return reserve;
    }

    /** Lets the lanes run the window decided last: they wait for it in {@link #runLane}. */
    void releaseFirst() {
        running.compareAndSet(0, lanes.length); // the first release starts the loops; later ones (members) do not
        windows.running(lanes.length);
        barrier.release();
    }

    /**
     * Lane {@code l}'s loop, on its own thread: window, barrier, window... until the run ends or is stopped. A
     * host whose lane is merged into one waits in the {@link Reserve} for a seat in later lanes; so does one
     * started with {@code l} = -1.
     */
    void runLane(int l) {
        if (l < 0) {
            // A host in reserve counts from when it starts, not from the release: a run on one lane may end before
            // its actor ever runs (it is then stopped with its parent, the first lane's host), and the run's end
            // must not wait for it. One that starts after the end finds the reserve closed and leaves.
            running.incrementAndGet();
        }
        long cpu = RuntimeReport.threadCpuNanos();
        try {
            loop(l);
        } finally {
            cpuNanos.addAndGet(cpu < 0 ? Long.MIN_VALUE / 4 : RuntimeReport.threadCpuNanos() - cpu);
            if (running.decrementAndGet() == 0) {
                idle.complete(null);
            }
        }
    }

    /** Completes when every lane has left its loop (at once when none was started). */
    CompletableFuture<Void> idle() {
        if (running.get() == 0) {
            idle.complete(null);
        }
        return idle;
    }

    private void loop(int l) {
        long[] waited = {0};
        try {
            int lane = l >= 0 ? l : reserve.take();
            while (lane >= 0 && seated(lane, waited)) {
                lane = reserve.take();
            }
        } finally {
            waitNanos.addAndGet(waited[0]);
            reserve.close(); // this host leaves only when the run is over for all: the waiting ones leave too
        }
    }

    /** Runs lane {@code l} until the run ends for it (false) or its lane is merged into one (true). */
    private boolean seated(int l, long[] waited) {
        Lane me = lanes[l];
        Barrier b = barrier;
        long generation = 1;
        while (true) {
            long w0 = System.nanoTime(); // speed figures only
            boolean go = b.await(l, generation);
            waited[0] += System.nanoTime() - w0;
            if (!go) {
                return !b.aborted();
            }
            generation++;
            Windows.Step s = windows.step;
            if (s == Windows.Step.STOP) {
                return false;
            }
            me.beginWindow();
            if (s == Windows.Step.FINISH) {
                finishLane(me);
                return false;
            }
            me.takeIncoming(lanes);
            LaneTrial t = trial;
            me.runWindow(windows.end, lanes.length == 1 && t != null ? t.budget(windows.events) : Long.MAX_VALUE);
            if (b.aborted()) {
                return false;
            }
            me.report();
            if (b.arrive()) {
                Windows.Step next = decide();
                if (next == Windows.Step.WINDOW && lanes.length > 1 && windows.retire(lanes.length)) {
                    // Back to one lane, on this thread: the other hosts wait in the reserve.
                    arrange(oneLane(cells.length));
                    next = decide();
                    if (t != null) {
                        t.backToOne(windows.events, windows.start);
                    }
                    b.close();
                } else if (next == Windows.Step.WINDOW && lanes.length == 1 && t != null
                        && t.due(windows.events, windows.start)) {
                    t.run(this, false);
                    next = windows.step;
                    reserve.seat(lanes.length);
                }
                if (b != barrier) {
                    me = lanes[0];
                    l = 0;
                    b = barrier;
                    generation = 1;
                }
                if (next != Windows.Step.WAIT) {
                    windows.running(lanes.length);
                    b.release();
                }
            }
        }
    }

    private void finishLane(Lane me) {
        List<ComponentReport> mine = new ArrayList<>(me.cells.length);
        me.finish(lanes, mine);
        synchronized (reports) {
            reports.addAll(mine);
            if (me.failure != null && me.failure.before(windows.failure)) {
                windows.failure = me.failure;
            }
            if (++finishedLanes < lanes.length) {
                return;
            }
            reports.sort(Comparator.comparingInt(ComponentReport::id));
            if (outer != null) {
                outer.finished(List.copyOf(reports), windows.failure);
            } else if (windows.failure != null) {
                done.completeExceptionally(new EmulationException(windows.failure.describe()));
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
        windows.openMember(end, incoming, lanes, map);
        releaseFirst();
    }

    /** Ends the run: {@code incoming} are queued unhandled and every component leaves its final report. */
    public void finish(List<Event> incoming) {
        windows.finishMember(incoming, lanes, map);
        barrier.release();
    }

    /** Stops the lanes wherever they are (the run was stopped from outside). */
    public void abort() {
        barrier.abort();
    }

    public int lanes() {
        return lanes.length;
    }

    /** Messages that crossed lanes. */
    long crossed() {
        long c = crossedBefore;
        for (Lane l : lanes) {
            c += l.crossed;
        }
        return c;
    }

    /** The least margin by which a message crossing lanes arrived after its lane's horizon (ps). */
    long leastSlack() {
        long s = slackBefore;
        for (Lane l : lanes) {
            s = Math.min(s, l.leastSlack);
        }
        return s;
    }

    /** Barrier episodes where two or more lanes met. */
    long crossings() {
        return crossingsBefore + barrier.crossings();
    }
}
