package org.nowemu.actors.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.ClusterStateSubscription;
import org.apache.pekko.cluster.typed.Subscribe;
import org.apache.pekko.cluster.typed.Unsubscribe;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.EmulationException;
import org.nowemu.actors.runtime.RunProgress;
import org.nowemu.actors.runtime.Planner;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeReport;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;

/**
 * The submitting side of one run: sends it to the coordinator, hears its outcomes, and watches the cluster for
 * what would leave it waiting for ever. The coordinator runs on the oldest member, often another JVM (the seed
 * node of {@code run --seed-nodes}): should that member or one of the run's be lost (unreachable, downed or
 * removed), nobody would ever answer, so the submitter ends the run itself with one line naming the member and
 * the last completed virtual time. So it does when this member is downed or removed (the split-brain resolver
 * downs the younger side when it loses sight of the oldest) and when this actor system stops. The thread that
 * waits ({@link ClusterRun#run}) reads the result, the progress and when the run was last heard of from a
 * {@link Watch}.
 */
final class Submitter {

    sealed interface Command {
    }

    /** The waiting thread is done with the run (it ended, or was given up): stop watching. */
    enum Stop implements Command {
        INSTANCE
    }

    private record Heard(Coordinator.Outcome outcome) implements Command {
    }

    private record Lost(String address, String why) implements Command {
    }

    /** The run to submit: its job number, configuration, horizon (ps), members and lookahead (ps). */
    record Run(long job, String config, long horizon, int members, long lookahead, Consumer<String> layout) {
    }

    /** What the waiting thread sees of the run; written by the submitter only. */
    static final class Watch {
        final CompletableFuture<RunResult> result = new CompletableFuture<>();
        final RunProgress progress = new RunProgress();
        /** Wall time (System.nanoTime) the run was last heard of: liveness only. */
        private volatile long heardAt = System.nanoTime();

        long quietMs() {
            return (System.nanoTime() - heardAt) / 1_000_000L;
        }

        /** The end of a failure's line: {@code ; the run stopped, last completed virtual time T}. */
        String stopped() {
            return "; the run stopped, last completed virtual time " + VirtualTime.format(progress.virtualTime());
        }
    }

    private final ActorContext<Command> ctx;
    private final Run run;
    private final Watch watch;
    private final String self;
    /** How to stop the cluster events this submitter hears. */
    private final List<ClusterStateSubscription> unsubscribe = new ArrayList<>();
    private final List<ComponentReport> reports = new ArrayList<>();
    private final long wallStart = System.nanoTime(); // speed figures only
    /** The run's members by partition, once placed. */
    private List<String> members = List.of();
    /** The coordinator's member: the oldest at submission, until the coordinator says where it is. */
    private String coordinatorAt;

    /** Submits {@code run} to {@code coordinator}, whose member is expected to be {@code coordinatorAt}. */
    static Behavior<Command> create(Run run, ActorRef<Coordinator.Command> coordinator, String coordinatorAt,
                                    Watch watch) {
        return Behaviors.setup(ctx -> {
            Submitter s = new Submitter(ctx, run, watch, coordinatorAt);
            coordinator.tell(new Coordinator.Submit(run.job(), run.config(), run.horizon(), run.members(),
                    ctx.messageAdapter(Coordinator.Outcome.class, Heard::new)));
            return s.behavior();
        });
    }

    private Submitter(ActorContext<Command> ctx, Run run, Watch watch, String coordinatorAt) {
        this.ctx = ctx;
        this.run = run;
        this.watch = watch;
        this.coordinatorAt = coordinatorAt;
        Cluster cluster = Cluster.get(ctx.getSystem());
        self = cluster.selfMember().address().toString();
        subscribe(cluster, ClusterEvent.UnreachableMember.class, ClusterEvent.UnreachableMember::member,
                "became unreachable");
        subscribe(cluster, ClusterEvent.MemberDowned.class, ClusterEvent.MemberDowned::member, "was downed");
        subscribe(cluster, ClusterEvent.MemberRemoved.class, ClusterEvent.MemberRemoved::member, "left the cluster");
    }

    private <E extends ClusterEvent.ClusterDomainEvent> void subscribe(Cluster cluster, Class<E> type,
                                                                       Function<E, Member> member, String why) {
        ActorRef<E> adapter = ctx.messageAdapter(type, e -> new Lost(member.apply(e).address().toString(), why));
        unsubscribe.add(new Unsubscribe<>(adapter));
        cluster.subscriptions().tell(Subscribe.create(adapter, type));
    }

    private Behavior<Command> behavior() {
        return Behaviors.receive(Command.class)
                .onMessage(Heard.class, this::onHeard)
                .onMessage(Lost.class, this::onLost)
                .onMessage(Stop.class, s -> Behaviors.stopped())
                .onSignal(PostStop.class, s -> onStop())
                .build();
    }

    private Behavior<Command> onHeard(Heard h) {
        if (h.outcome() instanceof Coordinator.Started s) {
            return onStarted(s);
        }
        if (h.outcome() instanceof Coordinator.Advanced a) {
            return onAdvanced(a);
        }
        if (h.outcome() instanceof Coordinator.Done d) {
            return onDone(d);
        }
        if (h.outcome() instanceof Coordinator.Coupling c) {
            if (c.job() == run.job() && c.lambda() < 1) {
                run.layout().accept("warning: " + c.line());
            }
            return Behaviors.same();
        }
        return onFailed((Coordinator.Failed) h.outcome());
    }

    private Behavior<Command> onStarted(Coordinator.Started s) {
        if (s.job() == run.job()) {
            watch.heardAt = System.nanoTime();
            members = List.copyOf(s.members());
            coordinatorAt = s.coordinator();
            run.layout().accept(s.layout());
        }
        return Behaviors.same();
    }

    private Behavior<Command> onAdvanced(Coordinator.Advanced a) {
        if (a.job() == run.job()) {
            watch.heardAt = System.nanoTime();
            watch.progress.update(a.completed(), a.handled());
        }
        return Behaviors.same();
    }

    private Behavior<Command> onDone(Coordinator.Done d) {
        if (d.job() != run.job()) {
            return Behaviors.same();
        }
        watch.heardAt = System.nanoTime();
        reports.addAll(d.reports());
        if (!d.last()) {
            return Behaviors.same();
        }
        double wall = (System.nanoTime() - wallStart) / 1e9;
        run.layout().accept(barrierSummary(d.members()));
        long windows = d.members().get(0).windows();
        watch.result.complete(RunResult.assemble(Wire.joined(reports), windows, windows * d.members().size(),
                run.lookahead(), wall, runtime(d.members())));
        return Behaviors.stopped();
    }

    /** How the members ran it: their lanes, and the coupling factor over them measured on the whole run. */
    private RuntimeReport runtime(List<Coordinator.MemberStats> stats) {
        long handled = 0;
        long busy = 0;
        long crossed = 0;
        long wait = 0;
        int lanes = 0;
        for (Coordinator.MemberStats m : stats) {
            wait += m.waitNanos();
            handled += m.handled();
            busy += m.busyNanos();
            crossed += m.crossed();
            lanes = Math.max(lanes, m.lanes());
        }
        long windows = stats.get(0).windows();
        Planner planner = RuntimeSettings.from(ConfigFactory.parseString(run.config()).resolve()).planner();
        Planner.Coupling c = planner.coupling(handled, windows, stats.size(), busy / (double) Math.max(1, handled));
        return new RuntimeReport("actors", lanes, stats.size(), c.lambda(), c.speedup(), c.line(), windows, crossed,
                Long.MAX_VALUE, 0, handled / (double) Math.max(1, windows * stats.size()), wait / 1e9, 0);
    }

    private Behavior<Command> onFailed(Coordinator.Failed f) {
        if (f.job() != run.job()) {
            return Behaviors.same();
        }
        watch.result.completeExceptionally(f.badInput() ? new BadInputException(f.message())
                : new EmulationException(f.message()));
        return Behaviors.stopped();
    }

    private Behavior<Command> onLost(Lost l) {
        String what;
        if (l.address().equals(self)) {
            what = "this member " + self;
        } else if (members.contains(l.address())) {
            what = "member " + l.address() + " (partition " + members.indexOf(l.address()) + ")";
        } else if (l.address().equals(coordinatorAt)) {
            what = "member " + l.address() + ", where the run's coordinator was,";
        } else {
            return Behaviors.same(); // not in this run
        }
        watch.result.completeExceptionally(new EmulationException(what + " " + l.why() + watch.stopped()));
        return Behaviors.stopped();
    }

    private Behavior<Command> onStop() {
        watch.result.completeExceptionally(new EmulationException("this member's actor system stopped"
                + watch.stopped()));
        for (ClusterStateSubscription u : unsubscribe) {
            Cluster.get(ctx.getSystem()).subscriptions().tell(u);
        }
        return Behaviors.same();
    }

    /**
     * One line on what the barrier cost: global windows, messages that crossed members (in all and per window),
     * the share of each member's wall time spent waiting for the others' reports, the share of it that went on
     * another member's longer work in the same window, and the windows in which the members took turns.
     */
    static String barrierSummary(List<Coordinator.MemberStats> members) {
        long windows = members.get(0).windows();
        long crossed = 0;
        StringBuilder waits = new StringBuilder();
        StringBuilder lags = new StringBuilder();
        for (Coordinator.MemberStats m : members) {
            crossed += m.crossed();
            waits.append(waits.length() == 0 ? "" : ", ").append(percent(m.waitNanos(), m.wallNanos()));
            lags.append(lags.length() == 0 ? "" : ", ").append(percent(m.lagNanos(), m.wallNanos()));
        }
        return String.format(java.util.Locale.ROOT, "%,d global windows; %,d messages crossed members (%.2f per"
                + " window); time members waited at barriers: %s, of it for another member's longer work in the"
                + " window: %s; windows where a member had nothing to do while another worked: %,d", windows,
                crossed, crossed / (double) Math.max(1, windows), waits, lags, members.get(0).loneWindows());
    }

    private static String percent(long part, long whole) {
        return Math.round(100.0 * part / Math.max(1, whole)) + "%";
    }
}
