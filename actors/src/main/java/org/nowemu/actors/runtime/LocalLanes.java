package org.nowemu.actors.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * How a run on one JVM prepares its lanes, on the first lane's host: builds every component in one lane, starts
 * them, and, unless the lanes are set ({@code nowemu.runtime.threads}: shares balanced by component count) or one
 * lane is all there is to run on, runs the planner's pilot ({@link Planner}). The pilot's first stretch runs on one
 * lane, measures what an event costs and counts the events each component handles; the lanes are then cut along the
 * topology, balanced by those counts ({@link TopologyPlacement#assign}), what a barrier between them costs is
 * measured (unless configured), and the pilot's second stretch runs those lanes one after the other, window by
 * window, to count their windows, stopping as soon as they could no longer pay ({@link Planner#hopeless}): the
 * first {@link LaneTrial}. Then the planner keeps the lanes, and watches them ({@link Windows#retire}), or goes
 * back to one, and tries the lanes again later in the run. The pilot is the run's own beginning, not a rehearsal:
 * nothing is run twice.
 */
final class LocalLanes implements LaneActor.Setup {
    /**
     * Meetings of the lanes in each of the three trials when the planner measures the barrier's cost: about a
     * millisecond when a meeting takes a few microseconds. At the start of a run the JIT compiler's threads hold
     * the cores and a meeting can take 30 us (BENCHMARKS.md, 2026-11-27): 2,000 meetings a trial then cost a short
     * run 0.16 s, more than the lanes' choice could ever save it.
     */
    private static final int BARRIER_ROUNDS = 200;
    /**
     * What a barrier cost when last measured in this JVM (ns), by lanes and spin: a figure of the machine, measured
     * by the first run that needs it and again whenever a run measures it anew (before its lanes go back by the
     * counts), and kept for the runs after, since measuring took 15 to 30 ms a run, a tenth of the bench's shorter
     * models (BENCHMARKS.md, 2026-11-28 afternoon). A JVM running a sweep, the bench or the tests runs many models.
     */
    private static final TreeMap<String, Double> MEASURED = new TreeMap<>();
    private final Model model;
    private final RuntimeSettings settings;
    private final long horizon;
    private final RunProgress progress;
    private final int cores;
    private final CompletableFuture<List<ComponentReport>> done = new CompletableFuture<>();
    private volatile LaneGroup group;
    private volatile Planner.Choice choice;
    private volatile long pilotEvents;
    /** This thread's CPU time when the lanes' time on it was last added up. */
    private long cpuFrom;

    /** @param cores the cores the lanes may use when {@code nowemu.runtime.threads} leaves it to the planner */
    LocalLanes(Model model, RuntimeSettings settings, long horizon, RunProgress progress, int cores) {
        this.model = model;
        this.settings = settings;
        this.horizon = horizon;
        this.progress = progress;
        this.cores = cores;
    }

    CompletableFuture<List<ComponentReport>> done() {
        return done;
    }

    @Override
    public LaneGroup prepare() {
        cpuFrom = RuntimeReport.threadCpuNanos();
        try {
            return prepareLanes();
        } finally {
            accountCpu();
        }
    }

    /** Adds this thread's CPU time since the last call to the lanes' (before a run that ends in the pilot ends). */
    private void accountCpu() {
        LaneGroup g = group;
        long now = RuntimeReport.threadCpuNanos();
        if (g != null) {
            g.cpuNanos.addAndGet(cpuFrom < 0 || now < 0 ? Long.MIN_VALUE / 4 : now - cpuFrom);
        }
        cpuFrom = now;
    }

    private LaneGroup prepareLanes() {
        LaneGroup g = LaneGroup.local(model, settings, horizon, progress);
        group = g;
        g.done().whenComplete((r, t) -> {
            if (t != null) {
                done.completeExceptionally(t);
            } else {
                done.complete(r);
            }
        });
        g.start();
        Windows.Step s = plan(g);
        pilotEvents = g.windows.events;
        progress.note(choice.line());
        if (s == Windows.Step.FINISH) {
            accountCpu();
            g.finishInline();
            return null;
        }
        if (s == Windows.Step.STOP) {
            return null;
        }
        g.releaseFirst();
        return g;
    }

    /** Chooses the lanes (running the pilot when there is a choice) and returns the step the lanes take next. */
    private Windows.Step plan(LaneGroup g) {
        Planner planner = settings.planner();
        boolean explicit = settings.threads() > 0;
        int want = explicit ? settings.threads() : cores;
        if (want == 1) {
            choice = Planner.fixed(1, explicit ? "nowemu.runtime.threads = 1" : "one core");
            return g.decide();
        }
        int[] all = new int[model.size()];
        Arrays.setAll(all, i -> i);
        if (explicit) {
            // No pilot: the lanes asked for run from the start, shares balanced by component count.
            TopologyPlacement.Assigned parts = TopologyPlacement.assign(model, all, null, want);
            choice = Planner.fixed(parts.parts(), "nowemu.runtime.threads = " + want
                    + (parts.parts() < want ? ", and the model cuts into " + parts.parts() + " only" : ""));
            if (parts.parts() > 1) {
                g.arrange(parts);
            }
            return g.decide();
        }
        long t0 = System.nanoTime(); // the pilot's cost per event and the compiler's share, for the planner only
        long jit0 = Windows.compilerMillis();
        Windows.Step s = LaneTrial.inline(g, planner.pilotEvents(), null);
        long wall = Math.max(1, System.nanoTime() - t0);
        double eventNs = planner.eventNs() > 0 ? planner.eventNs() : wall / (double) Math.max(1, g.windows.events);
        double compilerShare = (Windows.compilerMillis() - jit0) * 1e6 / wall;
        if (s != Windows.Step.WINDOW) {
            choice = Planner.fixed(1, "the run ended within the pilot");
            return s;
        }
        long[] weight = new long[model.size()];
        for (ComponentCell c : g.cells) {
            weight[c.id] = c.handledTotal() + 1;
        }
        TopologyPlacement.Assigned parts = TopologyPlacement.assign(model, all, weight, want);
        if (parts.parts() == 1) {
            choice = Planner.fixed(1, "the model cannot be cut: it is one placement group");
            return s;
        }
        int k = parts.parts();
        boolean measured = planner.barrierNs() <= 0;
        double barrierNs = measured ? lastBarrier(k) : planner.barrierNs();
        LaneTrial trial = new LaneTrial(planner, parts, eventNs, barrierNs, measured ? () -> measureBarrier(k) : null);
        g.trial = trial;
        choice = trial.pilot(g, compilerShare);
        return g.windows.step;
    }

    /** What a barrier between {@code lanes} lanes cost when last measured in this JVM, measuring it if never (ns). */
    private double lastBarrier(int lanes) {
        Double last;
        synchronized (MEASURED) {
            last = MEASURED.get(barrierKey(lanes));
        }
        return last != null ? last : measureBarrier(lanes);
    }

    private String barrierKey(int lanes) {
        return lanes + " lanes, spin " + settings.spinNs();
    }

    /** What a barrier between {@code lanes} lanes costs now, on this machine (ns), kept for later runs. */
    private double measureBarrier(int lanes) {
        try {
            double ns = BarrierCost.nanos(lanes, BARRIER_ROUNDS, 3, settings.spinNs());
            synchronized (MEASURED) {
                MEASURED.put(barrierKey(lanes), ns);
            }
            return ns;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmulationException("interrupted");
        }
    }

    @Override
    public void failed(Throwable t) {
        done.completeExceptionally(new EmulationException("the lanes could not be prepared: " + t));
    }

    long windows() {
        return group == null ? 0 : group.windows.windows;
    }

    long activations() {
        return group == null ? 0 : group.windows.activations;
    }

    /** How the run was run, once it is over and every lane has left its loop. */
    RuntimeReport report() {
        if (group != null) {
            Emulation.await(group.idle());
        }
        LaneGroup g = group;
        Planner.Choice c = choice;
        if (g == null || c == null) {
            return new RuntimeReport("actors", 1, 1, null, null, "", 0, 0, Long.MAX_VALUE, 0, 0, 0, Double.NaN);
        }
        Windows w = g.windows;
        int lanes = g.trial != null && g.trial.keptAny() ? g.trial.lanes() : w.windows == 0 ? 1 : c.lanes();
        double perLane = w.laneWindows == 0 ? 0 : w.windowedEvents / (double) w.laneWindows;
        String why = (w.retired == null ? c.reason() : c.reason() + "; " + w.retired)
                + (g.trial == null ? "" : g.trial.summary());
        long cpu = g.cpuNanos.get();
        return new RuntimeReport("actors", lanes, 1, RuntimeReport.finite(c.lambda()),
                RuntimeReport.finite(c.speedup()), why, g.crossings(), g.crossed(), g.leastSlack(), pilotEvents, perLane,
                g.waitNanos.get() / 1e9, cpu < 0 ? Double.NaN : cpu / 1e9);
    }
}
