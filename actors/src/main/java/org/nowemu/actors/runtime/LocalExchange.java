package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The {@link Exchange} for partitions inside one JVM: the last partition to reach the barrier computes the
 * global earliest time and opens the next window for all of them, handing each the messages the others sent
 * it. Arrivals are serialised by the monitor; there is one arrival per partition per window.
 *
 * <p>Statistics: windows opened, units activated, messages handled (see {@link #windows()} etc.).
 */
final class LocalExchange implements Exchange {
    private final int partitions;
    private final long lookahead;
    private final long horizon;
    private final RunProgress progress;
    private final List<ActorRef<PartitionActor.Command>> coordinators;
    private final List<List<Event>> incoming;
    private final List<ComponentReport> reports = new ArrayList<>();
    private final CompletableFuture<List<ComponentReport>> done = new CompletableFuture<>();
    private int registered;
    private int arrived;
    private int finished;
    private final boolean[] hasFinished;
    private final long[] exitDelays;
    private long min = Long.MAX_VALUE;
    /** The least earliest output time reported in this window, lowered by the messages in flight. */
    private long output = Long.MAX_VALUE;
    private long windowStart;
    private RunFailure failure;
    private long handled;
    private long windows;
    private long activations;

    /**
     * @param exitDelays by component id ({@link ExitDelays}), with several partitions; null with one, which
     *                   nothing can reach from outside: its windows end only at the horizon
     */
    LocalExchange(int partitions, long lookahead, long horizon, RunProgress progress, long[] exitDelays) {
        this.partitions = partitions;
        this.exitDelays = exitDelays;
        this.lookahead = lookahead;
        this.horizon = horizon;
        this.progress = progress;
        this.hasFinished = new boolean[partitions];
        this.coordinators = new ArrayList<>(partitions);
        this.incoming = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            coordinators.add(null);
            incoming.add(new ArrayList<>());
        }
    }

    /** Completes with every component's report in id order, or exceptionally when a component failed. */
    CompletableFuture<List<ComponentReport>> done() {
        return done;
    }

    @Override
    public synchronized void register(int partition, ActorRef<PartitionActor.Command> coordinator) {
        coordinators.set(partition, coordinator);
        if (++registered == partitions) {
            coordinators.forEach(c -> c.tell(PartitionActor.Begin.INSTANCE));
        }
    }

    @Override
    public synchronized void windowClosed(int partition, long localMin, long earliestOutput,
                                          List<List<Event>> outgoing, long handledInWindow, long activated,
                                          RunFailure partitionFailure) {
        min = Math.min(min, localMin);
        output = Math.min(output, earliestOutput);
        handled += handledInWindow;
        activations += activated;
        if (partitionFailure != null && partitionFailure.before(failure)) {
            failure = partitionFailure;
        }
        if (outgoing != null) {
            for (int q = 0; q < partitions; q++) {
                List<Event> l = outgoing.get(q);
                if (l != null) {
                    incoming.get(q).addAll(l);
                    // Not yet in q's report: q may pass it on to another partition after its exit delay.
                    for (int i = 0, n = l.size(); i < n; i++) {
                        Event e = l.get(i);
                        output = Math.min(output, ExitDelays.after(e.time, exitDelays[e.target]));
                    }
                }
            }
        }
        if (++arrived < partitions) {
            return;
        }
        arrived = 0;
        progress.update(windowStart, handled);
        if (failure != null) {
            done.completeExceptionally(new EmulationException(failure.describe()));
            return;
        }
        long start = min;
        min = Long.MAX_VALUE;
        boolean finish = start >= horizon;
        // Nothing crosses partitions before the least earliest output time, which is at least one lookahead
        // on: each partition runs its components up to their own horizons below it (Horizons).
        long end = exitDelays == null ? horizon
                : Math.min(horizon, Math.max(output, ExitDelays.after(start, lookahead)));
        output = Long.MAX_VALUE;
        if (!finish) {
            windowStart = start;
            windows++;
        }
        for (int p = 0; p < partitions; p++) {
            List<Event> in = incoming.get(p);
            incoming.set(p, new ArrayList<>());
            coordinators.get(p).tell(finish ? new PartitionActor.Finish(in) : new PartitionActor.OpenWindow(start, end, in));
        }
    }

    @Override
    public synchronized void finished(int partition, List<ComponentReport> partitionReports, RunFailure partitionFailure) {
        hasFinished[partition] = true;
        reports.addAll(partitionReports);
        if (partitionFailure != null && partitionFailure.before(failure)) {
            failure = partitionFailure;
        }
        if (++finished == partitions) {
            if (failure != null) {
                done.completeExceptionally(new EmulationException(failure.describe()));
                return;
            }
            reports.sort(Comparator.comparingInt(ComponentReport::id));
            done.complete(reports);
        }
    }

    /**
     * A sub-coordinator stopped without finishing (a runtime bug): fail the run rather than wait for a report
     * that will never come. A partition that stops after its final report is normal and ignored.
     */
    synchronized void stopped(int partition, String why) {
        if (!hasFinished[partition]) {
            done.completeExceptionally(new EmulationException("partition " + partition + " stopped before the end of the run: " + why));
        }
    }

    synchronized long windows() {
        return windows;
    }

    synchronized long activations() {
        return activations;
    }

    synchronized long handled() {
        return handled;
    }
}
