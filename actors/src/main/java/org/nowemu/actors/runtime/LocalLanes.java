package org.nowemu.actors.runtime;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * How a run on one JVM prepares its lanes, on the first lane's host: builds every component in one lane, starts
 * them, and, unless the lanes are set ({@code nowemu.runtime.threads}: shares balanced by component count) or one
 * lane is all there is to run on, runs the planner's pilot ({@link Planner}). The pilot's
 * first stretch runs on one lane and counts the events each component handles; the lanes are then cut along the
 * topology, balanced by those counts ({@link TopologyPlacement#assign}); its second stretch runs those lanes one
 * after the other, window by window, to count their windows. Then the planner keeps the lanes or goes back to one.
 * The pilot is the run's own beginning, not a rehearsal: nothing is run twice.
 */
final class LocalLanes implements LaneActor.Setup {
    private final Model model;
    private final RuntimeSettings settings;
    private final long horizon;
    private final RunProgress progress;
    private final int cores;
    private final CompletableFuture<List<ComponentReport>> done = new CompletableFuture<>();
    private volatile LaneGroup group;
    private volatile Planner.Choice choice;
    private volatile long pilotEvents;

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
        LaneGroup.Step s = plan(g);
        pilotEvents = g.events;
        progress.note(choice.line());
        if (s == LaneGroup.Step.FINISH) {
            g.finishInline();
            return null;
        }
        if (s == LaneGroup.Step.STOP) {
            return null;
        }
        g.releaseFirst();
        return g;
    }

    /** Chooses the lanes (running the pilot when there is a choice) and returns the step the lanes take next. */
    private LaneGroup.Step plan(LaneGroup g) {
        Planner planner = settings.planner();
        boolean explicit = settings.threads() > 0;
        int want = explicit ? settings.threads() : cores;
        if (want == 1) {
            choice = Planner.fixed(1, explicit ? "nowemu.runtime.threads = 1" : "one core");
            return g.decide();
        }
        int[] all = new int[model.size()];
        java.util.Arrays.setAll(all, i -> i);
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
        long t0 = System.nanoTime(); // the pilot's cost per event, for the planner only
        LaneGroup.Step s = g.runInline(planner.pilotEvents());
        double eventNs = planner.eventNs() > 0 ? planner.eventNs()
                : (System.nanoTime() - t0) / (double) Math.max(1, g.events);
        if (s != LaneGroup.Step.WINDOW) {
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
        g.arrange(parts);
        long e0 = g.events;
        long c0 = g.critical;
        long w0 = g.windows;
        s = g.runInline(planner.pilotEvents());
        choice = planner.choose(parts.parts(), g.events - e0, g.critical - c0, g.windows - w0, eventNs);
        if (choice.lanes() == 1 && s == LaneGroup.Step.WINDOW) {
            g.arrange(new TopologyPlacement.Assigned(new int[model.size()], 1));
            s = g.decide();
        }
        return s;
    }

    @Override
    public void failed(Throwable t) {
        done.completeExceptionally(new EmulationException("the lanes could not be prepared: " + t));
    }

    long windows() {
        return group == null ? 0 : group.windows;
    }

    long activations() {
        return group == null ? 0 : group.activations;
    }

    /** How the run was run, once it is over. */
    RuntimeReport report() {
        LaneGroup g = group;
        Planner.Choice c = choice;
        int lanes = g == null ? 1 : g.lanes();
        long w = g == null ? 0 : g.windows;
        double perLane = w == 0 ? 0 : g.windowedEvents / (double) (w * lanes);
        return new RuntimeReport("actors", lanes, 1, c == null ? null : RuntimeReport.finite(c.lambda()),
                c == null ? null : RuntimeReport.finite(c.speedup()), c == null ? "" : c.reason(),
                g == null ? 0 : g.barrier.crossings(), g == null ? 0 : g.crossed(),
                g == null ? Long.MAX_VALUE : g.leastSlack(), pilotEvents, perLane);
    }
}
