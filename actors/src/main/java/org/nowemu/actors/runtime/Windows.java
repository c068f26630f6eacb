package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The windows of a JVM's lanes, decided by the last lane to reach the barrier with every lane's results in view
 * ({@link #decide}): a window starts at the earliest pending event of any lane (empty time is skipped) and ends at
 * the earliest time anything could cross from one lane to another: the least, over the lanes, of their earliest
 * output times (pending work plus {@link ExitDelays} to the cut) and of what the messages just exchanged could
 * cause, never less than the least delay over the connections that cross lanes (SST's sync period). With one lane
 * there is no window: it runs to the horizon (or, on a cluster member, to the member window's end).
 *
 * <p>Also the run's statistics (windows, events, the busiest lane's events summed over windows) and the watch of
 * the planner's choice: every stretch of {@code pilotEvents} events run by several lanes, the expected speed-up of
 * that stretch is worked out again ({@link Planner}), and its wall time weighed against one lane's; below 1 by the
 * counts, or slow on the clock several stretches in a row, the lanes go back to one for the rest of the run.
 */
final class Windows {
    enum Step { WINDOW, FINISH, STOP, WAIT }

    private final long horizon;
    private final RunProgress progress;
    private final CompletableFuture<List<ComponentReport>> done;
    /** The member's exchange, or null on one JVM. */
    private final Exchange outer;
    /** The window the lanes run next, written before the release that lets them run it. */
    Step step;
    long start;
    long end;
    /** Member runs: where the member window ends (lowered as the lanes send to other members). */
    long memberEnd = Long.MIN_VALUE;
    private long pendingOutput;
    RunFailure failure;
    // Statistics: windows run by several lanes, events, the busiest lane's events summed over windows, lanes at
    // work, events in windows of several lanes.
    long windows;
    long events;
    long critical;
    long activations;
    long windowedEvents;
    /** Windows times the lanes that ran them: lane-windows. */
    long laneWindows;
    private long reportedEvents;
    // The watch: the planner and its measured costs, and the current stretch.
    private Planner planner;
    private double eventNs;
    private double barrierNs;
    private java.util.function.DoubleSupplier remeasure;
    private long stretchEvents;
    private long stretchCritical;
    private long stretchWindows;
    /** The lanes' time at work in the current stretch, summed over them (ns). */
    private long stretchBusyNs;
    /** When the current stretch began (wall clock, ns; it decides only how many lanes run, never a result). */
    private long stretchStartNs;
    /** The collectors' pause time so far when the current stretch began (ms). */
    private long stretchGcMs;
    /** The JIT compiler's time so far when the current stretch began (ms). */
    private long stretchJitMs;
    /** Stretches in a row that were slow on the clock. */
    private int slowStretches;
    /** The most a window cost beyond its work in a stretch that sent the lanes back to one (ns), or 0. */
    private double clockWindowNs;
    /** When the lanes went back to one, and came back, in words; null when they never did. */
    String retired;

    Windows(long horizon, RunProgress progress, CompletableFuture<List<ComponentReport>> done, Exchange outer) {
        this.horizon = horizon;
        this.progress = progress;
        this.done = done;
        this.outer = outer;
    }

    /**
     * Watches the lanes from now on with the planner's costs (ns); {@code remeasure}, when not null, measures the
     * barrier's cost again before the counts send the lanes back to one lane.
     */
    void watch(Planner p, double event, double barrier, java.util.function.DoubleSupplier remeasure) {
        planner = p;
        eventNs = event;
        barrierNs = barrier;
        this.remeasure = remeasure;
        slowStretches = 0;
        newStretch();
    }

    /**
     * What a window cost the lanes beyond the busiest lane's events (ns), as the clock saw it in a stretch that sent
     * them back to one lane; 0 while the clock has not. Later trials weigh the lanes with it.
     */
    double clockWindowNs() {
        return clockWindowNs;
    }

    /**
     * A window's cost beyond the busiest lane's work in a stretch of {@code events} events in {@code windows} windows
     * that took {@code wallNs} (collections and compilation left out), its busiest lanes' events summed over the
     * windows being {@code critical}, and the lanes' time at work summed over them {@code busyNs}; 0 when the work
     * alone fills the wall time. An event costs what the lanes took for one in the stretch, not the pilot's figure,
     * which was paid while the JIT compiler warmed up (3 to 4 times the later cost on permutations).
     */
    static double windowCost(long wallNs, long events, long critical, long windows, long busyNs) {
        if (windows == 0 || events == 0) {
            return 0;
        }
        return Math.max(0, (wallNs - critical * (busyNs / (double) events)) / windows);
    }

    /** The barrier's cost the watch weighs the lanes with (ns; 0 before it watches). */
    double barrierNs() {
        return barrierNs;
    }

    /** Starts a new stretch of the watch: its counts from zero, its wall time from now. */
    void newStretch() {
        stretchEvents = 0;
        stretchCritical = 0;
        stretchWindows = 0;
        stretchBusyNs = 0;
        stretchStartNs = System.nanoTime();
        stretchGcMs = planner == null ? 0 : gcMillis(planner);
        stretchJitMs = planner == null ? 0 : jitMillis(planner);
    }

    /** Adds {@code what} to the story of the lanes told in results.json (after the planner's first choice). */
    void note(String what) {
        retired = retired == null ? what : retired + "; " + what;
    }

    /**
     * Time the JVM's collectors have spent so far (ms), summed over them; 0 when {@code p} does not watch the clock.
     * A pause stops one lane as it stops two, so the clock's watch leaves it out: a stretch at the start of a
     * 16,384-host run took 36.8 s for 81,920 events, while the collector paused 26.8 s in the first 72 s of a
     * shortened run as the heap grew (BENCHMARKS.md, 2026-11-28).
     */
    private static long gcMillis(Planner p) {
        return p.watchFloor() <= 0 ? 0 : collectorMillis(); // the clock not watched: nothing to leave out
    }

    /**
     * Time the JIT compiler's threads have spent compiling so far (ms), summed over them; 0 when the clock is not
     * watched or the JVM does not tell. On 2 cores a compiling thread takes a lane's core, where one lane leaves it
     * a core of its own: in the first stretches of the bench's 1,024-host fat tree the compiler's threads spent 15 to
     * 30 ms in each stretch of 10 to 20 ms (BENCHMARKS.md, 2026-11-28). The clock's watch leaves that time out as
     * it leaves out collections, so that it weighs the lanes as they run once the code is compiled.
     */
    private static long jitMillis(Planner p) {
        return p.watchFloor() <= 0 ? 0 : compilerMillis();
    }

    /**
     * Time the JIT compiler's threads have spent compiling so far (ms), summed over them; 0 if the JVM does not
     * tell.
     */
    static long compilerMillis() {
        java.lang.management.CompilationMXBean c = java.lang.management.ManagementFactory.getCompilationMXBean();
        return c == null || !c.isCompilationTimeMonitoringSupported() ? 0 : c.getTotalCompilationTime();
    }

    /** Time the JVM's collectors have spent so far (ms), summed over them. */
    static long collectorMillis() {
        long ms = 0;
        for (java.lang.management.GarbageCollectorMXBean gc
                : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /** The next step of the lanes, from their results at the barrier. */
    Step decide(Lane[] lanes, LaneMap map) {
        long first = Long.MAX_VALUE;
        long output = Long.MAX_VALUE;
        long back = Long.MAX_VALUE;
        long busiest = 0;
        long sum = 0;
        long busy = 0;
        for (Lane l : lanes) {
            first = Math.min(first, Math.min(l.next, l.sentMin));
            output = Math.min(output, Math.min(l.output, l.sentOutput));
            back = Math.min(back, l.memberBack);
            if (l.failure != null && l.failure.before(failure)) {
                failure = l.failure;
            }
            sum += l.handledInWindow;
            busy += l.busyInWindow;
            busiest = Math.max(busiest, l.handledInWindow);
            activations += l.handledInWindow > 0 ? 1 : 0;
            l.handledInWindow = 0;
        }
        events += sum;
        critical += busiest;
        if (lanes.length > 1) {
            windowedEvents += sum;
            stretchEvents += sum;
            stretchCritical += busiest;
            stretchBusyNs += busy;
        }
        progress.update(Math.min(first, horizon), events);
        if (outer != null) {
            memberEnd = Math.min(memberEnd, back);
            start = first;
            pendingOutput = output;
            if (failure != null || first >= memberEnd) {
                // The exchange may open the next member window at once, from inside the report (the other
                // members' reports already in): that writes the step and releases the lanes itself.
                step = Step.WAIT;
                reportToMember(lanes, first);
                return Step.WAIT;
            }
            return step = open(first, output, memberEnd, lanes.length, map.cut());
        }
        if (failure != null) {
            done.completeExceptionally(new EmulationException(failure.describe()));
            return step = Step.STOP;
        }
        if (first >= horizon) {
            return step = Step.FINISH;
        }
        return step = open(first, output, horizon, lanes.length, map.cut());
    }

    private Step open(long first, long output, long bound, int lanes, long cut) {
        start = first;
        end = lanes == 1 ? bound : Math.min(bound, Math.max(output, ExitDelays.after(first, cut)));
        return Step.WINDOW;
    }

    /** Counts a window that the lanes are about to run. */
    void running(int lanes) {
        if (step == Step.WINDOW && lanes > 1) {
            windows++;
            laneWindows += lanes;
            stretchWindows++;
        }
    }

    /**
     * True when the stretch just ended says the lanes are expected slower than one lane, by their counts, or when
     * {@code watchStretches} stretches in a row ran slow on the clock ({@link Planner#slowOnTheClock}); then the
     * lanes go back to one. A stretch is {@code pilotEvents} events run by several lanes.
     */
    boolean retire(int lanes) {
        if (planner == null || lanes == 1 || stretchEvents < planner.pilotEvents()) {
            return false;
        }
        long now = System.nanoTime();
        long gc = gcMillis(planner);
        long jit = jitMillis(planner);
        long wall = Math.max(0, now - stretchStartNs - (gc - stretchGcMs + jit - stretchJitMs) * 1_000_000);
        long ran = stretchEvents;
        // Each lane was stopped by each collection, at work or waiting: leave the pauses out of both figures.
        long busy = Math.max(0, stretchBusyNs - lanes * (gc - stretchGcMs) * 1_000_000);
        Planner.Choice c = planner.choose(lanes, stretchEvents, stretchCritical, stretchWindows, eventNs, barrierNs);
        if (c.speedup() < 1 && remeasure != null) {
            // The barrier was measured at the start of the run, while the JIT compiler held the cores (5 to 50 us
            // on the 4,096-host fat tree, against 1-5 us later): before the lanes go, measure it again, now.
            double again = remeasure.getAsDouble();
            if (again < barrierNs) {
                barrierNs = again;
                c = planner.choose(lanes, stretchEvents, stretchCritical, stretchWindows, eventNs, barrierNs);
            }
        }
        long critical = stretchCritical;
        long windowsRun = stretchWindows;
        newStretch();
        slowStretches = planner.slowOnTheClock(busy, wall) ? slowStretches + 1 : 0;
        if (c.speedup() < 1) {
            note("back to one lane after " + String.format(java.util.Locale.ROOT, "%,d", events) + " events: "
                    + c.reason());
            return true;
        }
        if (slowStretches >= planner.watchStretches()) {
            double seen = windowCost(wall, ran, critical, windowsRun, busy);
            clockWindowNs = Math.max(clockWindowNs, seen);
            note(String.format(java.util.Locale.ROOT, "back to one lane after %,d events: %d stretches in a row"
                    + " ran slow on the clock, the last %,d events in %.1f ms (collections and compilation left out)"
                    + " with the lanes at work %.1f ms in all, about what one lane would take: %.1f us a window beyond"
                    + " the busiest lane's events", events, slowStretches, ran, wall / 1e6, busy / 1e6,
                    seen / 1e3));
            slowStretches = 0;
            return true;
        }
        return false;
    }

    private void reportToMember(Lane[] lanes, long first) {
        long earliestOutput = Long.MAX_VALUE;
        int members = lanes[0].toMembers.length;
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
        outer.windowClosed(first, earliestOutput, outgoing, handled, failure);
    }

    /** Opens member window [the lanes' earliest event, {@code until}) with {@code incoming} from other members. */
    void openMember(long until, List<Event> incoming, Lane[] lanes, LaneMap map) {
        memberEnd = until;
        long first = start;
        long output = pendingOutput;
        for (Event e : incoming) {
            lanes[map.laneOf()[e.target()]].fromMembers.add(e);
            first = Math.min(first, e.time());
            if (map.laneExit() != null) {
                output = Math.min(output, ExitDelays.after(e.time(), map.laneExit()[e.target()]));
            }
        }
        step = open(first, output, until, lanes.length, map.cut());
    }

    /** Ends a member's run: {@code incoming} are queued unhandled. */
    void finishMember(List<Event> incoming, Lane[] lanes, LaneMap map) {
        for (Event e : incoming) {
            lanes[map.laneOf()[e.target()]].fromMembers.add(e);
        }
        step = Step.FINISH;
    }
}
