package org.nowemu.actors.runtime;

import java.util.Locale;

/**
 * A trial of the lanes on one JVM: the lanes cut as the pilot cut them ({@link TopologyPlacement#assign}) run a
 * stretch of the model window by window on the calling thread, counting their events, windows and critical path,
 * and the {@link Planner} keeps them or goes back to one lane. The pilot's second stretch is the first trial
 * ({@link LocalLanes}); while one lane runs (the pilot chose it, or the lanes went back to it), a trial comes
 * again every {@code retry-events} events, twice as far apart after each that keeps one lane (up to
 * {@value #MAX_BACKOFF} times), since a model's phases differ: a gap between two traffic patterns holds a few
 * events a window, the patterns thousands. A trial is the run's own stretch, not a rehearsal: nothing is run twice,
 * and which lanes run it never changes a result.
 *
 * <p>A trial that keeps one lane also says how much the model's traffic would have to grow for the lanes to pay
 * ({@link Planner#growthNeeded}). A trial due later runs only if the one lane's events per virtual second since the
 * last look have grown that much against those before that trial, since a window's events grow with them at most;
 * otherwise it is skipped, for the price of a division. A trial moves every pending event twice (into the lanes
 * and back): 3 to 6 ms on the bench's contention model, with 9,000 to 20,000 events pending, whose three trials
 * cost it 2 to 3% of its run (BENCHMARKS.md, 2026-11-28).
 */
final class LaneTrial {
    /** The longest wait between two trials, in multiples of {@link Planner#retryEvents}. */
    static final int MAX_BACKOFF = 8;
    /**
     * The most growth of the events per virtual second a trial waits for. Where no growth of a window's events
     * alone would make the lanes pay (the busiest lane's share too large), the shares may change with the traffic
     * (the bench's contention model runs 8, then 32, then 92 clients): fourfold traffic is a new phase.
     */
    static final double MAX_GROWTH = 4;
    /** The windows a trial runs at least before its sample of the model's windows may stop it (count). */
    static final int SAMPLE_WINDOWS = 100;
    private final Planner planner;
    private final TopologyPlacement.Assigned parts;
    /** What one barrier between the lanes costs (ns): measured or configured, lowered when the watch measures less. */
    private double barrierNs;
    /** Measures the barrier's cost now (ns), or null when it is configured. */
    private final java.util.function.DoubleSupplier remeasure;
    /** What one event costs on one lane (ns): the pilot's figure, kept for the later trials and the watch. */
    private double eventNs;
    /** Events between two trials now, and the run's event count at which the next is due. */
    private long every;
    private long dueAt = Long.MAX_VALUE;
    /** Where the one lane began: the run's events, the wall clock (ns) and the collectors' time (ms) then. */
    private long soloEvents;
    private long soloStartNs;
    private long soloGcMs;
    /** The run's events when a later trial last kept the lanes, or -1. */
    private long keptAt = -1;
    /** Trials after the pilot, and those that kept the lanes. */
    private int again;
    private int kept;
    /** Trials due but skipped, the traffic not having grown enough. */
    private int skipped;
    /** Where the one lane's events per virtual second are measured from: the run's events and virtual time (ps). */
    private long rateEvents;
    private long rateFrom;
    /** The events per ps the one lane must reach for a due trial to run (0: any rate). */
    private double rateFloor;
    /** When the compiler's share was last looked at: the wall clock (ns) and the compiler's time then (ms). */
    private long lookNs;
    private long lookJitMs;
    /** Trials put off while the JIT compiler was busy, the pilot's included. */
    private int putOff;

    /**
     * @param parts     the lanes to try (by position in the group's cells), more than one
     * @param eventNs   the pilot's first stretch's cost per event (ns)
     * @param barrierNs what one barrier between those lanes costs (ns)
     * @param remeasure measures it again, or null when it is configured
     */
    LaneTrial(Planner planner, TopologyPlacement.Assigned parts, double eventNs, double barrierNs,
              java.util.function.DoubleSupplier remeasure) {
        this.planner = planner;
        this.parts = parts;
        this.eventNs = eventNs;
        this.barrierNs = barrierNs;
        this.remeasure = remeasure;
        this.every = planner.retryEvents();
    }

    /** The lanes a trial cuts: as many threads as the run may ever need. */
    int lanes() {
        return parts.parts();
    }

    /** Whether the run may try the lanes again while one lane runs. */
    boolean retries() {
        return planner.retryEvents() > 0;
    }

    /**
     * Runs a trial from where {@code g}'s lanes are, on the calling thread: arranges the lanes, runs up to a pilot
     * stretch window by window (stopping once the lanes could not pay, {@link Planner#hopeless}, or would need
     * more than {@value #MAX_GROWTH} times the traffic after {@value #SAMPLE_WINDOWS} windows), and keeps them,
     * watched from then on ({@link Windows#watch}), or arranges one lane again. Returns the planner's choice; the
     * step the lanes take next is {@code g.windows.step}. The pilot's trial ({@code pilot}) also takes the lesser
     * of the two stretches' cost per event, since the first paid the JIT compiler's warm-up.
     */
    Planner.Choice run(LaneGroup g, boolean pilot) {
        return run(g, pilot, 0);
    }

    /**
     * The pilot's trial ({@link #run}), the JIT compiler having taken {@code compilerShare} of a core during the
     * pilot's first stretch: lanes it would keep are put off while that is more than the planner's compiler-busy,
     * one lane running on until the compiler is quiet ({@link #due}).
     */
    Planner.Choice pilot(LaneGroup g, double compilerShare) {
        return run(g, true, compilerShare);
    }

    private Planner.Choice run(LaneGroup g, boolean pilot, double compilerShare) {
        Windows w = g.windows;
        if (!pilot && planner.eventNs() <= 0 && w.events > soloEvents) {
            // What an event costs now, on the one lane since it began, collections left out: the pilot's figure was
            // paid while the JIT compiler warmed up, 10 to 25 times the later cost on the bench's models.
            double solo = (System.nanoTime() - soloStartNs - (Windows.collectorMillis() - soloGcMs) * 1e6)
                    / (w.events - soloEvents);
            if (solo > 0) {
                eventNs = solo;
            }
        }
        double rateBefore = rate(w.events, w.start);
        g.arrange(parts);
        if (w.barrierNs() > 0) {
            barrierNs = Math.min(barrierNs, w.barrierNs()); // as the watch last measured it
        }
        // What a window really cost when the clock last sent the lanes back, if more: the bare barrier leaves out
        // a lane descheduled or waiting on the other past its spin. On the bench's permutations, with a barrier
        // measured at 492 ns, a trial counted 9.6 events a window per lane and kept the lanes (expected 1.40x), in
        // a run whose watch had just seen the lanes' windows cost about 40 us each: the run came out at 0.86x.
        barrierNs = Math.max(barrierNs, w.clockWindowNs());
        w.newStretch();
        long e0 = w.events;
        long c0 = w.critical;
        long w0 = w.windows;
        int k = parts.parts();
        long budget = planner.pilotEvents();
        double first = eventNs;
        double barrier = barrierNs;
        long t0 = System.nanoTime(); // the pilot's cost per event, for the planner only
        // Stop once the lanes could not pay whatever the rest holds, or once a sample of windows says the traffic
        // would have to grow more than a later trial would wait for: with a barrier measured at 1 us, the bench's
        // LogP model (1.1 events a window a lane) ran 2,229 windows before the first was certain, 1 to 2% of its run.
        Windows.Step s = inline(g, budget, (e, c, n) -> planner.hopeless(k, budget, e, c, n, first, barrier)
                || n >= SAMPLE_WINDOWS && planner.growthNeeded(e, c, n, first, barrier) > MAX_GROWTH);
        if (pilot && planner.eventNs() <= 0 && w.events > e0) {
            // The second stretch ran every lane's events on this thread too, later, when the JIT compiler had done
            // more: the first stretch's cost per event was 25 times the second's on permutations (38 us against
            // 1.5 us, BENCHMARKS.md 2026-11-27), which made lanes look worth it everywhere.
            eventNs = Math.min(eventNs, (System.nanoTime() - t0) / (double) (w.events - e0));
        }
        Planner.Choice c = planner.choose(k, w.events - e0, w.critical - c0, w.windows - w0, eventNs, barrierNs);
        if (!pilot) {
            again++;
        }
        // The traffic a later trial waits for, if this one keeps one lane: the rate before it (from the run's start
        // for the pilot's), times the growth its counts need.
        rateFloor = c.lanes() > 1 ? 0 : rateBefore * Math.min(MAX_GROWTH, planner.growthNeeded(w.events - e0,
                w.critical - c0, w.windows - w0, eventNs, barrierNs));
        boolean wait = c.lanes() > 1 && watchesCompiler() && compilerShare > planner.compilerBusy();
        if (wait) {
            c = new Planner.Choice(1, c.lambda(), c.speedup(), c.reason() + String.format(Locale.ROOT, "; the lanes"
                    + " put off while the JIT compiler is busy (%.1f of a core in the pilot's first stretch)",
                    compilerShare));
        }
        if (c.lanes() > 1) {
            w.watch(planner, eventNs, barrierNs, remeasure);
            dueAt = Long.MAX_VALUE;
            if (!pilot) {
                keptAt = w.events;
                kept++;
                w.note(String.format(Locale.ROOT, "lanes again after %,d events: %s", w.events, c.reason()));
            }
        } else if (s == Windows.Step.WINDOW) {
            g.arrange(LaneGroup.oneLane(g.cells.length));
            g.decide();
            if (!pilot) {
                longer();
            }
            oneLane(w.events, w.start);
            if (wait) {
                putOff++;
                dueAt = w.events + planner.pilotEvents();
            }
        }
        return c;
    }

    private void longer() {
        every = Math.min(every * 2, planner.retryEvents() * MAX_BACKOFF);
    }

    /**
     * The lanes went back to one, {@code events} into the run. If a trial took them less than the current interval
     * ago, it was wrong (the counts see only the bare barrier): the next waits longer. After lanes that paid for
     * longer, the next trial comes after the first interval again.
     */
    void backToOne(long events, long now) {
        if (keptAt >= 0 && events - keptAt < every) {
            longer();
        } else {
            every = planner.retryEvents();
        }
        keptAt = -1;
        oneLane(events, now);
    }

    /**
     * One lane runs from {@code events} on, at virtual time {@code now} (ps): the next trial is due after the current
     * interval.
     */
    private void oneLane(long events, long now) {
        dueAt = retries() ? events + every : Long.MAX_VALUE;
        rateEvents = events;
        rateFrom = now;
        soloFrom(events);
    }

    /** Measures the one lane's cost per event from {@code events} on, and the compiler's share from now. */
    private void soloFrom(long events) {
        soloEvents = events;
        soloStartNs = System.nanoTime(); // the cost of an event for the next trial, never a result
        soloGcMs = Windows.collectorMillis();
        lookNs = soloStartNs;
        lookJitMs = Windows.compilerMillis();
    }

    /**
     * Whether the lanes wait for the JIT compiler: only when the planner measures the machine (the clock watched,
     * an event's cost not configured, later trials on) and compiler-busy is set; configured costs make the choice
     * the model's alone. On 2 cores a compiling thread takes a lane's core, where one lane leaves it a core of its
     * own: in a fresh JVM the compiler took 1.3 to 2.0 cores through the pilot's first stretch of permutations at
     * the bench's sizes, and 4 runs of 6 kept 2 lanes to the end at 1.5 to 1.8 times one lane's time (BENCHMARKS.md,
     * 2026-11-29).
     */
    private boolean watchesCompiler() {
        return planner.compilerBusy() > 0 && planner.watchFloor() > 0 && planner.eventNs() <= 0 && retries();
    }

    /** Whether the JIT compiler took more than the planner's compiler-busy of a core since the last look. */
    private boolean compilerBusy(long events) {
        if (!watchesCompiler()) {
            return false;
        }
        long now = System.nanoTime();
        long jit = Windows.compilerMillis();
        boolean busy = (jit - lookJitMs) * 1e6 > planner.compilerBusy() * (now - lookNs);
        if (busy) {
            soloFrom(events); // the next trial's cost per event from a quieter compiler
        }
        lookNs = now;
        lookJitMs = jit;
        return busy;
    }

    /**
     * Whether a trial is due and worth running, {@code events} into the run at virtual time {@code now} (ps): one
     * whose traffic has not grown enough since the last trial is skipped, and the next is due after the same
     * interval, the rate measured afresh from here.
     */
    boolean due(long events, long now) {
        if (events < dueAt) {
            return false;
        }
        if (compilerBusy(events)) {
            putOff++;
            dueAt = events + planner.pilotEvents();
            return false;
        }
        if (rate(events, now) >= rateFloor) {
            return true;
        }
        skipped++;
        dueAt = events + every;
        rateEvents = events;
        rateFrom = now;
        return false;
    }

    /** The one lane's events per ps from the last look to {@code now}; 0 when no virtual time has passed. */
    private double rate(long events, long now) {
        return now > rateFrom ? (events - rateEvents) / (double) (now - rateFrom) : 0;
    }

    /** How many events the one lane may handle before the next trial (about: a window ends with its instant). */
    long budget(long events) {
        return dueAt == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(1, dueAt - events);
    }

    /** The trials after the pilot, in words, or "" when there were none. */
    String summary() {
        String trials = again == 0 ? "" : String.format(Locale.ROOT, "; %d later trial%s of the lanes, %d kept them",
                again, again == 1 ? "" : "s", kept);
        return trials + (skipped == 0 ? "" : String.format(Locale.ROOT, "; %d trial%s skipped, the traffic not grown"
                + " enough", skipped, skipped == 1 ? "" : "s")) + (putOff == 0 ? "" : String.format(Locale.ROOT,
                "; %d trial%s put off while the JIT compiler was busy", putOff, putOff == 1 ? "" : "s"));
    }

    /** Whether a trial after the pilot kept the lanes. */
    boolean keptAny() {
        return kept > 0;
    }

    /**
     * Runs windows of {@code g}'s lanes on the calling thread, every lane in turn, until about {@code budget} more
     * events are handled, the run ends, or {@code stop} (if any) says the rest of the stretch cannot matter: the
     * pilot's stretches and the trials. Returns the step decided last (a window not yet run, the finish, or a stop).
     */
    static Windows.Step inline(LaneGroup g, long budget, Stop stop) {
        Windows w = g.windows;
        long from = w.events;
        long c0 = w.critical;
        long w0 = w.windows;
        Windows.Step s = g.decide();
        while (s == Windows.Step.WINDOW && w.events - from < budget
                && (stop == null || !stop.now(w.events - from, w.critical - c0, w.windows - w0))) {
            Lane[] lanes = g.lanes;
            w.running(lanes.length);
            for (Lane l : lanes) {
                l.beginWindow();
                l.takeIncoming(lanes);
                l.runWindow(w.end, lanes.length == 1 ? budget - (w.events - from) : Long.MAX_VALUE);
                l.report();
            }
            s = g.decide();
        }
        return s;
    }

    /** When a stretch run inline may stop, from its events, critical path and windows so far. */
    interface Stop {
        boolean now(long events, long critical, long windows);
    }
}
