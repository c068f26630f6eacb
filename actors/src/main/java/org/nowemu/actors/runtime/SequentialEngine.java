package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The sequential reference engine ({@code nowemu.runtime.engine = sequential}): the model's components in their
 * {@link ComponentCell}s on the calling thread, and one {@link EventQueue} holding every pending event of the run,
 * ordered by the key of the actor runtime's mailboxes, (time, source id, source sequence). No Pekko, no windows.
 *
 * <p>Why it gives the actor runtime's result. A component's result depends only on the order in which it handles
 * its own events. The actor runtime hands each component its events in key order; so does this heap, since
 * ordering all events by the key orders each component's. And when an event at time t leaves the heap, every
 * event its target will handle before it is already there: another component's message for time t was sent by
 * a handler at t - delay at the latest, with delay at least the lookahead (&gt; 0), so earlier; the target's own
 * self-sends exist as soon as it makes them. A self-send with delay 0 made while handling at t has a key that may
 * be below events already handled (a larger source id at t); it is handled next, as in the actor runtime, where
 * it joins the queue after them too. So every component handles the same events in the same order, and the
 * reports, hence digest, counters, ledger and outcomes, are the same.
 *
 * <p>Termination: events at or after the horizon are not handled; they are left in the heap and each reports them
 * as pending for its target, like the actor runtime's final reports. A component failure ends the run the way the
 * actor runtime's barrier does: events at the failure's time are still handled (a component that fails at the same
 * time with a smaller id is the one named, whatever the heap order at that time), then the earliest failure by
 * (time, id) is thrown as an {@link EmulationException}.
 */
final class SequentialEngine {
    /** Events between two updates of the progress figures (display only). */
    private static final int PROGRESS_EVERY = 1 << 16;

    private SequentialEngine() {
    }

    static RunResult run(Model model, RuntimeSettings settings, long horizonPs, RunProgress progress) {
        long wallStart = System.nanoTime(); // speed figures only; nothing emulated reads it
        long cpuStart = RuntimeReport.threadCpuNanos();
        int n = model.size();
        EventQueue heap = new EventQueue();
        ComponentCell[] cells = new ComponentCell[n];
        for (int id = 0; id < n; id++) {
            cells[id] = new ComponentCell(id, model, settings.seed(), settings.tracing(), settings.traceLimit());
            cells[id].heap = heap;
        }
        for (ComponentCell c : cells) {
            c.start();
        }
        RunFailure failure = earliestFailure(cells, null);
        if (failure != null) {
            throw new EmulationException(failure.describe());
        }
        long handled = 0;
        long end = horizonPs;
        while (heap.nextTime() < end) {
            Event e = heap.poll();
            ComponentCell c = cells[e.target];
            c.handle(e);
            if (c.failure != null && end == horizonPs) {
                // Finish the failure's instant, then stop (see the class comment).
                end = Math.min(horizonPs, c.failure.time() + 1);
                failure = c.failure;
            }
            if ((++handled & (PROGRESS_EVERY - 1)) == 0) {
                progress.update(e.time, handled);
            }
        }
        if (failure != null) {
            throw new EmulationException(earliestFailure(cells, null).describe());
        }
        List<List<Event>> pending = new ArrayList<>(n);
        for (int id = 0; id < n; id++) {
            pending.add(null);
        }
        while (!heap.isEmpty()) {
            Event e = heap.poll();
            List<Event> l = pending.get(e.target);
            if (l == null) {
                l = new ArrayList<>();
                pending.set(e.target, l);
            }
            l.add(e);
        }
        List<ComponentReport> reports = new ArrayList<>(n);
        for (ComponentCell c : cells) {
            c.heap = null; // onFinish may not send; the cell's own check says so
            c.finish(pending.get(c.id));
            reports.add(c.report);
        }
        failure = earliestFailure(cells, null);
        if (failure != null) {
            throw new EmulationException(failure.describe());
        }
        progress.update(lastTime(reports), handled);
        double wall = (System.nanoTime() - wallStart) / 1e9;
        double cpu = cpuStart < 0 ? Double.NaN : (RuntimeReport.threadCpuNanos() - cpuStart) / 1e9;
        return RunResult.assemble(reports, 0, 0, model.lookahead(), wall, RuntimeReport.sequential(cpu));
    }

    private static RunFailure earliestFailure(ComponentCell[] cells, RunFailure from) {
        RunFailure f = from;
        for (ComponentCell c : cells) {
            if (c.failure != null && c.failure.before(f)) {
                f = c.failure;
            }
        }
        return f;
    }

    private static long lastTime(List<ComponentReport> reports) {
        long t = 0;
        for (ComponentReport r : reports) {
            t = Math.max(t, r.lastTime());
        }
        return t;
    }
}
