package org.nowemu.actors.cluster;

import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.Planner;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.runtime.TopologyPlacement;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.actors.wire.WireMessage;
import org.nowemu.actors.wire.WireRegistry;

/**
 * The coordinator of runs over the cluster, a cluster singleton: takes a submitted run, places the model on the
 * members ({@link TopologyPlacement}: a switch with its hosts on one member, cut on inter-switch cables), checks
 * that every message class that may cross members is registered for the wire, assigns each member its
 * partition (with the list of all members, so they can talk to each other) and starts the run once every
 * member is ready. The windows then run between the members alone ({@link MemberExchange}); the coordinator
 * only follows their progress, and gathers every component's report at the end for the submitter. A member
 * that becomes unreachable or leaves stops the run, with a message naming it and the last completed virtual
 * time; so does a failed component. A submitter that leaves drops its run (it has given up: the next one may
 * start). The submitter hears of every step ({@link Advanced}), so that it can tell a run that is slow from one
 * that is stuck. One run at a time. States: {@link #idle}, {@link #waiting}, {@link #starting}, {@link #running}.
 */
public final class Coordinator {

    public sealed interface Command {
    }

    public record Submit(long job, String config, long horizon, int members, ActorRef<Outcome> replyTo)
            implements Command, WireMessage {
    }

    public record Ready(long job, int member) implements Command, WireMessage {
    }

    /**
     * Member {@code member} has run to global time {@code completed}, handled {@code handled} messages in
     * {@code windows} global windows and worked {@code busyNanos} of wall time between them: every
     * few barriers, and while a long window keeps it from the next barrier, now and then (see
     * {@link MemberExchange}).
     */
    public record Progress(long job, int member, long completed, long handled, long windows, long busyNanos)
            implements Command, WireMessage {
    }

    /** A window's reports carried a failure: every member stops and says so, with the same earliest one. */
    public record Halted(long job, int member, RunFailure failure) implements Command, WireMessage {
    }

    /** A chunk of a member's final reports; the last carries {@code stats}. */
    public record Reports(long job, int member, ArrayList<ComponentReport> reports, boolean last, RunFailure failure,
                          MemberStats stats) implements Command, WireMessage {
    }

    /**
     * What one member did: global windows, messages it handled, messages it sent to other members, wall time
     * it waited for the other members' reports, wall time from the start of the run to its end, its lanes, and
     * wall time its lanes worked (ns; speed statistics, never part of results). {@code lagNanos}: the part of the
     * wait spent on another member's longer work, summed over the windows (in each, the longest member's busy
     * time less this member's); the rest of the wait is the exchange itself. {@code loneWindows}: global windows
     * in which some member handled events and another none (the members took turns).
     */
    public record MemberStats(long windows, long handled, long crossed, long waitNanos, long wallNanos, int lanes,
                              long busyNanos, long lagNanos, long loneWindows) implements WireMessage {
    }

    public record Refused(long job, int member, String why) implements Command, WireMessage {
    }

    private record Agents(Set<ActorRef<MemberAgent.Command>> agents) implements Command {
    }

    private record MemberGone(String address, String why) implements Command {
    }

    /** What the submitter hears. */
    public sealed interface Outcome {
    }

    /**
     * The run is placed and about to begin: members, components each, cut connections ({@code layout}); the
     * members' addresses by partition, and the address of the member this coordinator runs on.
     */
    public record Started(long job, String layout, ArrayList<String> members, String coordinator)
            implements Outcome, WireMessage {
    }

    /**
     * A member reported on the run: ready, at a barrier ({@code completed}, the global time every member has run
     * to, and {@code handled}, messages handled in all, as far as the coordinator knows), still at work in a long
     * window, or done.
     */
    public record Advanced(long job, long completed, long handled) implements Outcome, WireMessage {
    }

    /**
     * The run's first {@value #PILOT_WINDOWS} global windows measured the coupling factor over the members
     * ({@link Planner#coupling}): {@code lambda}, the speed-up over one JVM it promises, and the figures in words.
     */
    public record Coupling(long job, double lambda, double speedup, String line) implements Outcome, WireMessage {
    }

    /** A chunk of the components' reports; {@code last} on the final one, with every member's statistics. */
    public record Done(long job, ArrayList<ComponentReport> reports, boolean last, ArrayList<MemberStats> members)
            implements Outcome, WireMessage {
    }

    /** The run failed; {@code badInput}: it was refused as bad input (the cluster is busy with another run). */
    public record Failed(long job, String message, boolean badInput) implements Outcome, WireMessage {
    }


    /** One run in progress. */
    private static final class Run {
        final Submit submit;
        Model model;
        TopologyPlacement split;
        final ArrayList<ActorRef<MemberAgent.Command>> members = new ArrayList<>();
        MembersProgress progress;
        int finished;
        RunFailure failure;
        final ArrayList<ComponentReport> reports = new ArrayList<>();
        MemberStats[] stats;

        Run(Submit submit) {
            this.submit = submit;
        }
    }

    /** Global windows the members' pilot takes before the coupling factor over them is worked out. */
    static final int PILOT_WINDOWS = 32;
    private final ActorContext<Command> ctx;
    private final ModelSource source;
    private List<ActorRef<MemberAgent.Command>> agents = List.of();

    public static Behavior<Command> create(ModelSource source) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, source).idle());
    }

    private Coordinator(ActorContext<Command> ctx, ModelSource source) {
        this.ctx = ctx;
        this.source = source;
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(MemberAgent.KEY,
                ctx.messageAdapter(Receptionist.Listing.class, l -> new Agents(l.getServiceInstances(MemberAgent.KEY)))));
        Cluster cluster = Cluster.get(ctx.getSystem());
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.UnreachableMember.class,
                u -> new MemberGone(u.member().address().toString(), "became unreachable")),
                ClusterEvent.UnreachableMember.class));
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.MemberRemoved.class,
                u -> new MemberGone(u.member().address().toString(), "left the cluster")),
                ClusterEvent.MemberRemoved.class));
    }

    private void onAgents(Agents a) {
        List<ActorRef<MemberAgent.Command>> sorted = new ArrayList<>(a.agents());
        sorted.sort(Comparator.comparing(this::address));
        agents = sorted;
    }

    private Behavior<Command> idle() {
        return Behaviors.receive(Command.class)
                .onMessage(Agents.class, a -> {
                    onAgents(a);
                    return Behaviors.same();
                })
                .onMessage(Submit.class, s -> tryStart(new Run(s)))
                .onAnyMessage(m -> Behaviors.same())
                .build();
    }

    private Behavior<Command> waiting(Run run) {
        return during(run, Behaviors.receive(Command.class)
                .onMessage(Agents.class, a -> {
                    onAgents(a);
                    return tryStart(run);
                }));
    }

    /**
     * What every state of a run also handles: a lost member or submitter, the members' list, another
     * submission.
     */
    private Behavior<Command> during(Run run, org.apache.pekko.actor.typed.javadsl.BehaviorBuilder<Command> b) {
        return b.onMessage(MemberGone.class, g -> gone(run, g))
                .onMessage(Agents.class, a -> {
                    onAgents(a);
                    return Behaviors.same();
                })
                .onMessage(Submit.class, this::busy)
                .onAnyMessage(m -> Behaviors.same())
                .build();
    }

    private Behavior<Command> busy(Submit s) {
        s.replyTo().tell(new Failed(s.job(), "the cluster is busy with another run; submit again when it is"
                + " over", true));
        return Behaviors.same();
    }

    private Behavior<Command> tryStart(Run run) {
        if (agents.size() < run.submit.members()) {
            return waiting(run);
        }
        try {
            run.model = source.model(ConfigFactory.parseString(run.submit.config()).resolve());
        } catch (RuntimeException e) {
            run.submit.replyTo().tell(new Failed(run.submit.job(), "cannot build the model: " + e.getMessage(),
                    false));
            return idle();
        }
        run.split = TopologyPlacement.split(run.model, agents.size());
        String unregistered = WireCheck.unregistered(run.model, run.split,
                WireRegistry.from(ctx.getSystem().settings().config()));
        if (unregistered != null) {
            run.submit.replyTo().tell(new Failed(run.submit.job(), unregistered, false));
            return idle();
        }
        int parts = run.split.placement().partitions();
        run.members.addAll(agents.subList(0, parts));
        int[] partitionOf = run.split.placement().partitionOf();
        StringBuilder layout = new StringBuilder();
        ArrayList<String> addresses = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            addresses.add(address(run.members.get(p)));
            layout.append(p == 0 ? "" : "; ").append(addresses.get(p)).append(": ")
                    .append(run.split.components()[p]).append(" components");
        }
        layout.append("; ").append(run.split.cut()).append(" connections cut");
        if (parts > 1) {
            layout.append(", cross-member lookahead ").append(VirtualTime.format(run.split.cutLookahead()));
        }
        run.submit.replyTo().tell(new Started(run.submit.job(), parts + " members (" + layout + ")", addresses,
                address(ctx.getSelf())));
        run.progress = new MembersProgress(parts,
                RuntimeSettings.from(ConfigFactory.parseString(run.submit.config()).resolve()).planner());
        run.stats = new MemberStats[parts];
        for (int p = 0; p < parts; p++) {
            run.members.get(p).tell(new MemberAgent.Assign(run.submit.job(), run.submit.config(), partitionOf, p,
                    run.submit.horizon(), run.members, ctx.getSelf()));
        }
        return starting(run, 0);
    }

    private Behavior<Command> starting(Run run, int ready) {
        return during(run, Behaviors.receive(Command.class)
                .onMessage(Ready.class, r -> {
                    if (r.job() != run.submit.job()) {
                        return Behaviors.same();
                    }
                    advanced(run);
                    if (ready + 1 < run.members.size()) {
                        return starting(run, ready + 1);
                    }
                    run.members.forEach(m -> m.tell(new MemberAgent.Begin(run.submit.job())));
                    return running(run);
                })
                .onMessage(Refused.class, r -> fail(run, "member " + r.member() + " refused the run: " + r.why())));
    }

    private Behavior<Command> running(Run run) {
        return during(run, Behaviors.receive(Command.class)
                .onMessage(Progress.class, p -> onProgress(run, p))
                .onMessage(Halted.class, h -> h.job() != run.submit.job() ? Behaviors.same()
                        : fail(run, h.failure().describe()))
                .onMessage(Refused.class, r -> r.job() != run.submit.job() ? Behaviors.same()
                        : fail(run, "member " + r.member() + " failed: " + r.why()))
                .onMessage(Reports.class, r -> onReports(run, r)));
    }

    private Behavior<Command> onProgress(Run run, Progress p) {
        if (p.job() == run.submit.job()) {
            run.progress.update(p);
            advanced(run);
            Planner.Coupling c = run.progress.couple();
            if (c != null) {
                // For the submitter to warn when it is below 1.
                run.submit.replyTo().tell(new Coupling(run.submit.job(), c.lambda(), c.speedup(), c.line()));
            }
        }
        return Behaviors.same();
    }

    /** Tells the submitter that a member reported, with the progress as it stands. */
    private static void advanced(Run run) {
        run.submit.replyTo().tell(new Advanced(run.submit.job(), run.progress.completed(), run.progress.handled()));
    }

    private Behavior<Command> onReports(Run run, Reports r) {
        if (r.job() != run.submit.job()) {
            return Behaviors.same();
        }
        advanced(run);
        run.reports.addAll(r.reports());
        if (r.failure() != null && r.failure().before(run.failure)) {
            run.failure = r.failure();
        }
        if (!r.last()) {
            return Behaviors.same();
        }
        run.stats[r.member()] = r.stats();
        if (++run.finished < run.members.size()) {
            return Behaviors.same();
        }
        if (run.failure != null) {
            return fail(run, run.failure.describe());
        }
        return deliver(run);
    }

    private Behavior<Command> deliver(Run run) {
        // Stable: the pieces of a report split for the wire stay in their order.
        run.reports.sort(Comparator.comparingInt(ComponentReport::id));
        List<ArrayList<ComponentReport>> chunks = Wire.chunks(run.reports);
        for (int i = 0; i < chunks.size(); i++) {
            run.submit.replyTo().tell(new Done(run.submit.job(), chunks.get(i), i == chunks.size() - 1,
                    new ArrayList<>(java.util.Arrays.asList(run.stats))));
        }
        return idle();
    }

    private Behavior<Command> gone(Run run, MemberGone g) {
        if (address(run.submit.replyTo()).equals(g.address())) {
            // Nobody waits for this run any more: stop it, so that the cluster is free for the next.
            return fail(run, "the submitter " + g.address() + " " + g.why());
        }
        for (int p = 0; p < run.members.size(); p++) {
            if (address(run.members.get(p)).equals(g.address())) {
                return fail(run, "member " + g.address() + " (partition " + p + ") " + g.why()
                        + "; the run stopped, last completed virtual time " + VirtualTime.format(run.progress.completed()));
            }
        }
        return Behaviors.same();
    }

    private Behavior<Command> fail(Run run, String message) {
        run.members.forEach(m -> m.tell(new MemberAgent.Abort(run.submit.job())));
        run.submit.replyTo().tell(new Failed(run.submit.job(), message, false));
        return idle();
    }

    private String address(ActorRef<?> ref) {
        org.apache.pekko.actor.Address a = ref.path().address();
        return a.hasLocalScope() ? Cluster.get(ctx.getSystem()).selfMember().address().toString() : a.toString();
    }
}
