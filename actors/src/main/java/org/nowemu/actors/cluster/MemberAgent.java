package org.nowemu.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.nowemu.actors.runtime.Event;
import org.nowemu.actors.runtime.ExitDelays;
import org.nowemu.actors.runtime.LaneActor;
import org.nowemu.actors.runtime.LaneGroup;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.Placement;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.wire.WireMessage;
import org.nowemu.actors.wire.WireRegistry;

/**
 * One per member: registers with the receptionist so the coordinator finds it, and on an {@link Assign} spawns the
 * host of its first lane ({@link LaneActor}), which builds the run's model (from the configuration, with the
 * member's {@link ModelSource}), the member's share of the components in lanes and its exchange, and starts the
 * other lanes' hosts. Hands the other members' window reports to the member's {@link MemberExchange}. A run whose coordinator or another member is lost (unreachable or
 * removed) stops here too: no one would end it otherwise, should the coordinator be the one lost.
 *
 * @param lanes lanes this member runs its components on
 */
public final class MemberAgent extends AbstractBehavior<MemberAgent.Command> {
    public static final ServiceKey<Command> KEY = ServiceKey.create(Command.class, "nowemu-member");

    public sealed interface Command {
    }

    /**
     * Run partition {@code partition} of job {@code job} to {@code horizon} (ps); placement is {@code partitionOf}
     * over all components; {@code members} are the agents of every partition, by partition.
     */
    public record Assign(long job, String config, int[] partitionOf, int partition, long horizon,
                         ArrayList<ActorRef<Command>> members, ActorRef<Coordinator.Command> coordinator)
            implements Command, WireMessage {
    }

    public record Begin(long job) implements Command, WireMessage {
    }

    /**
     * Member {@code from}'s report at the end of global window {@code seq} (see {@link MemberExchange}), one of
     * {@code parts} that each carry some of the messages for the receiver: its earliest pending time, its
     * earliest output time, per member the earliest time the messages it just sent there could make that member
     * send in turn, and the earliest failure; and, for the speed figures only, the events it handled in the
     * window and the wall time its lanes worked on them ({@code busyNanos}).
     */
    public record Window(long job, int from, long seq, int parts, long min, long earliestOutput, long[] inputTo,
                         ArrayList<Event> events, RunFailure failure, long handled, long busyNanos)
            implements Command, WireMessage {
    }

    /** The run is over without a result (another member failed): stop the partition. */
    public record Abort(long job) implements Command, WireMessage {
    }

    private record MemberGone(String address) implements Command {
    }

    /** The exchange of job {@code job}, made on the lane's thread while it prepared the member's share. */
    private record Prepared(long job, MemberExchange exchange) implements Command {
    }

    private final ModelSource source;
    private final int lanes;
    private final WireRegistry registry;
    private long job = -1;
    private MemberExchange exchange;
    private ActorRef<LaneActor.Command> partition;
    /** The addresses of the current run's members and coordinator. */
    private java.util.List<String> involved = java.util.List.of();

    public static Behavior<Command> create(ModelSource source, int lanes) {
        return Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf()));
            return new MemberAgent(ctx, source, lanes);
        });
    }

    private MemberAgent(ActorContext<Command> ctx, ModelSource source, int lanes) {
        super(ctx);
        this.source = source;
        this.lanes = lanes;
        this.registry = WireRegistry.from(ctx.getSystem().settings().config());
        Cluster cluster = Cluster.get(ctx.getSystem());
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.UnreachableMember.class,
                u -> new MemberGone(u.member().address().toString())), ClusterEvent.UnreachableMember.class));
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.MemberRemoved.class,
                u -> new MemberGone(u.member().address().toString())), ClusterEvent.MemberRemoved.class));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Assign.class, this::onAssign)
                .onMessage(Prepared.class, this::onPrepared)
                .onMessage(Begin.class, this::onBegin)
                .onMessage(Window.class, this::onWindow)
                .onMessage(Abort.class, this::onAbort)
                .onMessage(MemberGone.class, this::onMemberGone)
                .build();
    }

    private Behavior<Command> onAssign(Assign a) {
        stopPartition();
        job = a.job();
        Config config;
        RuntimeSettings rs;
        long heartbeatMs;
        try {
            config = ConfigFactory.parseString(a.config()).resolve();
            rs = RuntimeSettings.from(config);
            // Four reports in a progress-timeout: the submitter gives up only after missing several.
            heartbeatMs = ClusterSettings.progressTimeoutMs(config) / 4;
        } catch (RuntimeException e) {
            a.coordinator().tell(new Coordinator.Refused(a.job(), a.partition(), "cannot build the model: "
                    + e.getMessage()));
            return this;
        }
        java.util.List<String> addresses = new ArrayList<>();
        addresses.add(address(a.coordinator()));
        for (ActorRef<Command> m : a.members()) {
            addresses.add(address(m));
        }
        involved = addresses;
        partition = getContext().spawn(LaneActor.create(), "job-" + a.job() + "-lane-0", LaneActor.dispatcher());
        partition.tell(new LaneActor.Lead(new Prepare(a, config, rs, heartbeatMs)));
        return this;
    }

    /**
     * The member's share of a run, prepared on its first lane's thread: the model (seconds on the large trees), the
     * exit delays, the exchange (handed to the agent before the coordinator hears the member is ready, so before
     * any report of another member can come) and the lanes. The agent meanwhile runs beside Artery's streams and
     * must not be held up.
     */
    private final class Prepare implements LaneActor.Setup {
        private final Assign a;
        private final Config config;
        private final RuntimeSettings rs;
        private final long heartbeatMs;
        private final ActorRef<Command> agent = getContext().getSelf();
        private MemberExchange ex;

        Prepare(Assign a, Config config, RuntimeSettings rs, long heartbeatMs) {
            this.a = a;
            this.config = config;
            this.rs = rs;
            this.heartbeatMs = heartbeatMs;
        }

        @Override
        public LaneGroup prepare() {
            Model model;
            try {
                model = source.model(config);
            } catch (RuntimeException e) {
                refuse("cannot build the model: " + e.getMessage());
                return null;
            }
            if (model.size() != a.partitionOf().length) {
                refuse("built " + model.size() + " components where the coordinator has " + a.partitionOf().length
                        + " (different builds?)");
                return null;
            }
            Placement placement = Placement.of(a.partitionOf(), a.members().size());
            long[] exits = ExitDelays.of(model, placement);
            ex = new MemberExchange(a.job(), a.partition(), a.members(), a.horizon(), a.partitionOf(), exits,
                    a.coordinator(), registry, heartbeatMs * 1_000_000L);
            agent.tell(new Prepared(a.job(), ex));
            LaneGroup g = LaneGroup.member(model, rs, placement, a.partition(), exits, lanes, a.horizon(), ex);
            ex.register(g);
            return g;
        }

        @Override
        public void failed(Throwable t) {
            if (ex != null) {
                ex.crashed("cannot build the member's lanes: " + t);
            } else {
                refuse("cannot build the model: " + t);
            }
        }

        private void refuse(String why) {
            a.coordinator().tell(new Coordinator.Refused(a.job(), a.partition(), why));
        }
    }

    private Behavior<Command> onPrepared(Prepared p) {
        if (p.job() == job && partition != null) {
            exchange = p.exchange();
        } else {
            p.exchange().abort(); // stopped while it was prepared
        }
        return this;
    }

    private Behavior<Command> onBegin(Begin b) {
        if (b.job() == job && exchange != null) {
            exchange.begin();
        }
        return this;
    }

    private Behavior<Command> onWindow(Window w) {
        if (w.job() == job && exchange != null) {
            exchange.received(w);
        }
        return this;
    }

    private Behavior<Command> onAbort(Abort a) {
        if (a.job() == job) {
            stopPartition();
        }
        return this;
    }

    private Behavior<Command> onMemberGone(MemberGone g) {
        if (involved.contains(g.address())) {
            stopPartition();
        }
        return this;
    }

    private String address(ActorRef<?> ref) {
        org.apache.pekko.actor.Address a = ref.path().address();
        return a.hasLocalScope() ? Cluster.get(getContext().getSystem()).selfMember().address().toString()
                : a.toString();
    }

    private void stopPartition() {
        if (exchange != null) {
            exchange.abort();
        }
        if (partition != null) {
            getContext().stop(partition);
            partition = null;
        }
        exchange = null;
        involved = java.util.List.of();
    }
}
