package org.nowemu.actors.runtime;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The sub-coordinator of one partition: spawns one actor per unit of the partition's components ({@link Units}:
 * single components, or several activated as one), grants each window only to the units that have work in it
 * (carrying the messages components outside them sent them), collects their results at the barrier, routes
 * their messages (to its own units or, through the {@link Exchange}, to other partitions) and reports to the
 * exchange. Two states: {@link #idle()} between windows and
 * {@link #running(Phase)} while granted components work.
 *
 * <p>Statistics it reports per window: messages handled and units activated.
 */
public final class PartitionActor {

    public sealed interface Command {
    }

    /** Start the run: every component runs its {@code onStart}. */
    public enum Begin implements Command { INSTANCE }

    /** Run the window [start, end) (ps); {@code incoming} are messages from other partitions. */
    public record OpenWindow(long start, long end, List<Event> incoming) implements Command {
    }

    /**
     * End the run: every component leaves its final report. {@code incoming} are messages from other
     * partitions that fall at or after the horizon; they are counted as pending, not handled.
     */
    public record Finish(List<Event> incoming) implements Command {
    }

    /** From the {@link WindowBoard}: every activated unit has finished. */
    enum AllDone implements Command { INSTANCE }

    private enum Phase { START, WINDOW, FINISH }

    private final int partition;
    private final Placement placement;
    private final Exchange exchange;
    private final ComponentCell[] cells;
    private final Units units;
    private final Unit[] unitRuns;
    private final List<ActorRef<ComponentActor.Command>> refs;
    private final WindowBoard board;
    /** When each unit next has work. */
    private final Agenda agenda;
    /** When each component next has work, for the horizons and the earliest output; {@link #agenda} itself when every unit is one component. */
    private final Agenda componentAgenda;
    private final boolean singletons;
    /** By unit. */
    private final ArrayList<Event>[] inbox;
    /** Units. */
    private final int[] granted;
    /** The horizon of each granted unit, when {@link #horizons} gave them different ones. */
    private final long[] grantedEnds;
    private int grantedCount;
    private final Horizons horizons;
    /** By local component index: {@link ExitDelays} of the components, or null when no one asks for earliest output times. */
    private final long[] exitDelays;
    private final long[] exitBlockMin;
    /** While a window closes: messages for other partitions, by partition, and their least time. */
    private List<List<Event>> outgoing;
    private long outMin;

    static Behavior<Command> create(int partition, Placement placement, Model model, RuntimeSettings settings,
                                    Exchange exchange, Lanes lanes, long[] exitDelays) {
        return Behaviors.setup(ctx -> new PartitionActor(ctx, partition, placement, model, settings, exchange, lanes,
                partition, placement.partitions(), exitDelays).idle());
    }

    /**
     * The sub-coordinator of {@code partition} when it is the only partition of its JVM (a cluster member): its
     * components spread over the member's {@code lanes} lanes (dispatchers made by {@link Emulation#laneConfig}).
     * Each report to the exchange carries the partition's earliest output time, from {@code exitDelays} (by
     * component id, see {@link ExitDelays}).
     */
    public static Behavior<Command> forMember(int partition, Placement placement, Model model, RuntimeSettings settings,
                                              Exchange exchange, int lanes, int idleCpuLevel, long[] exitDelays) {
        return Behaviors.setup(ctx -> new PartitionActor(ctx, partition, placement, model, settings, exchange,
                new Lanes(lanes, idleCpuLevel), 0, 1, exitDelays).idle());
    }

    @SuppressWarnings("unchecked")
    private PartitionActor(ActorContext<Command> ctx, int partition, Placement placement, Model model,
                           RuntimeSettings settings, Exchange exchange, Lanes lanes, int lanePartition,
                           int lanePartitions, long[] exitDelaysById) {
        this.partition = partition;
        this.placement = placement;
        this.exchange = exchange;
        int[] members = placement.members(partition);
        int n = members.length;
        this.cells = new ComponentCell[n];
        this.units = Units.of(model, members, settings.units());
        int m = units.count();
        this.singletons = units.allSingletons();
        this.unitRuns = new Unit[m];
        this.refs = new ArrayList<>(m);
        this.board = new WindowBoard(ctx.getSelf());
        this.agenda = new Agenda(m);
        this.componentAgenda = singletons ? agenda : new Agenda(n);
        this.inbox = new ArrayList[m];
        this.granted = new int[m];
        this.grantedEnds = new long[m];
        this.horizons = new Horizons(model, members, units, settings.horizonReach(), settings.horizonSources());
        if (exitDelaysById != null) {
            exitDelays = new long[n];
            for (int k = 0; k < n; k++) {
                exitDelays[k] = exitDelaysById[members[k]];
            }
            exitBlockMin = Agenda.blockMinima(exitDelays);
        } else {
            exitDelays = null;
            exitBlockMin = null;
        }
        for (int k = 0; k < n; k++) {
            cells[k] = new ComponentCell(members[k], model, settings.seed(), settings.tracing(), settings.traceLimit());
        }
        // Units spread over the lanes by their members, not their number: a unit is placed where the middle
        // of its members would fall if the components were dealt out in contiguous blocks.
        int dealt = 0;
        for (int u = 0; u < m; u++) {
            int[] ks = units.members(u);
            ComponentCell[] mine = new ComponentCell[ks.length];
            for (int j = 0; j < ks.length; j++) {
                mine[j] = cells[ks[j]];
            }
            unitRuns[u] = new Unit(mine);
            int lane = lanes.ofComponent(lanePartition, lanePartitions, dealt + ks.length / 2, n);
            dealt += ks.length;
            refs.add(ctx.spawn(ComponentActor.create(unitRuns[u], board), "c" + members[ks[0]],
                    DispatcherSelector.fromConfig(Lanes.dispatcher(lane))));
        }
        exchange.register(partition, ctx.getSelf());
    }

    private Behavior<Command> idle() {
        return Behaviors.receive(Command.class)
                .onMessageEquals(Begin.INSTANCE, this::onBegin)
                .onMessage(OpenWindow.class, this::onOpenWindow)
                .onMessage(Finish.class, this::onFinish)
                .build();
    }

    private Behavior<Command> running(Phase phase) {
        return Behaviors.receive(Command.class)
                .onMessageEquals(AllDone.INSTANCE, () -> onAllDone(phase))
                .build();
    }

    private Behavior<Command> onBegin() {
        grantAll(ComponentActor.Start.INSTANCE);
        return running(Phase.START);
    }

    private Behavior<Command> onOpenWindow(OpenWindow w) {
        List<Event> in = w.incoming();
        for (int i = 0, n = in.size(); i < n; i++) {
            queueLocally(in.get(i));
        }
        long floor = agenda.minKey();
        long cap = horizons.cap(floor, w.end());
        boolean uniform = horizons.uniform(floor, cap);
        grantedCount = uniform ? agenda.takeEarlierThan(cap, granted)
                : agenda.takeBelowHorizons(horizons, componentAgenda.keys(), floor, cap, granted, grantedEnds);
        if (grantedCount == 0) {
            return closeWindow();
        }
        board.expect(grantedCount);
        for (int i = 0; i < grantedCount; i++) {
            int k = granted[i];
            refs.get(k).tell(new ComponentActor.Grant(uniform ? cap : grantedEnds[i], inbox[k]));
            inbox[k] = null;
        }
        return running(Phase.WINDOW);
    }

    private Behavior<Command> onFinish(Finish f) {
        f.incoming().forEach(this::queueLocally);
        grantedCount = unitRuns.length;
        board.expect(grantedCount);
        for (int k = 0; k < grantedCount; k++) {
            granted[k] = k;
            // Undelivered messages go along, so that each component reports everything still pending for it.
            refs.get(k).tell(new ComponentActor.Finish(inbox[k]));
            inbox[k] = null;
        }
        return running(Phase.FINISH);
    }

    private void grantAll(ComponentActor.Command c) {
        grantedCount = unitRuns.length;
        board.expect(grantedCount);
        for (int k = 0; k < grantedCount; k++) {
            granted[k] = k;
            refs.get(k).tell(c);
        }
    }

    private Behavior<Command> onAllDone(Phase phase) {
        if (phase == Phase.FINISH) {
            List<ComponentReport> reports = new ArrayList<>(cells.length);
            RunFailure failure = null;
            for (ComponentCell c : cells) {
                reports.add(c.report);
                if (c.failure != null && c.failure.before(failure)) {
                    failure = c.failure;
                }
            }
            exchange.finished(partition, reports, failure);
            return Behaviors.stopped();
        }
        return closeWindow();
    }

    /** The barrier: collect the activated units' results, route their messages, report. */
    private Behavior<Command> closeWindow() {
        long handled = 0;
        RunFailure failure = null;
        // Only the members a unit touched can have changed: their earliest times first, then their messages
        // (which may lower the earliest time of a member of another granted unit).
        for (int i = 0; i < grantedCount; i++) {
            int u = granted[i];
            Unit run = unitRuns[u];
            handled += run.handledInWindow;
            int[] ks = units.members(u);
            int[] touched = run.touched();
            for (int j = 0, nt = run.touchedCount(); j < nt; j++) {
                int k = ks[touched[j]];
                ComponentCell c = cells[k];
                if (c.failure != null && c.failure.before(failure)) {
                    failure = c.failure;
                }
                if (!singletons) {
                    componentAgenda.set(k, c.nextTime);
                }
            }
            agenda.lowerTo(u, run.nextTime);
        }
        outgoing = null;
        outMin = Long.MAX_VALUE;
        for (int i = 0; i < grantedCount; i++) {
            int u = granted[i];
            Unit run = unitRuns[u];
            int[] ks = units.members(u);
            int[] touched = run.touched();
            for (int j = 0, nt = run.touchedCount(); j < nt; j++) {
                route(cells[ks[touched[j]]].outbox);
            }
        }
        long localMin = agenda.minKey();
        long earliestOutput = exitDelays == null ? localMin : componentAgenda.minPlus(exitDelays, exitBlockMin);
        exchange.windowClosed(partition, Math.min(localMin, outMin), earliestOutput, outgoing, handled, grantedCount,
                failure);
        outgoing = null;
        return idle();
    }

    /** Sends a component's outbox on: to a unit of this partition, or towards another partition. */
    private void route(ArrayList<Event> out) {
        for (int j = 0, n = out.size(); j < n; j++) {
            Event e = out.get(j);
            int p = placement.partitionOf(e.target);
            if (p == partition) {
                queueLocally(e);
            } else {
                if (outgoing == null) {
                    outgoing = new ArrayList<>(placement.partitions());
                    for (int q = 0; q < placement.partitions(); q++) {
                        outgoing.add(null);
                    }
                }
                List<Event> l = outgoing.get(p);
                if (l == null) {
                    l = new ArrayList<>();
                    outgoing.set(p, l);
                }
                l.add(e);
                outMin = Math.min(outMin, e.time);
            }
        }
        out.clear();
    }

    private void queueLocally(Event e) {
        int k = placement.localIndex(e.target);
        int u = units.unitOf(k);
        ArrayList<Event> box = inbox[u];
        if (box == null) {
            box = new ArrayList<>(4);
            inbox[u] = box;
        }
        box.add(e);
        agenda.lowerTo(u, e.time);
        if (!singletons) {
            componentAgenda.lowerTo(k, e.time);
        }
    }
}
