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
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Event;
import org.nowemu.actors.runtime.ExitDelays;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.PartitionActor;
import org.nowemu.actors.runtime.Placement;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.wire.WireMessage;
import org.nowemu.actors.wire.WireRegistry;

/**
 * One per member: registers with the receptionist so the coordinator finds it, and on an {@link Assign} builds
 * the run's model (from the configuration, with the member's {@link ModelSource}) and spawns the sub-coordinator
 * of its partition, which spawns that partition's components. Hands the other members' window reports to
 * the partition's {@link MemberExchange}.
 *
 * @param lanes dispatcher threads this member runs components on
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
     * send in turn, and the earliest failure.
     */
    public record Window(long job, int from, long seq, int parts, long min, long earliestOutput, long[] inputTo,
                         ArrayList<Event> events, RunFailure failure) implements Command, WireMessage {
    }

    /** The run is over without a result (another member failed): stop the partition. */
    public record Abort(long job) implements Command, WireMessage {
    }

    private final ModelSource source;
    private final int lanes;
    private final WireRegistry registry;
    private long job = -1;
    private MemberExchange exchange;
    private ActorRef<PartitionActor.Command> partition;

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
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Assign.class, this::onAssign)
                .onMessage(Begin.class, this::onBegin)
                .onMessage(Window.class, this::onWindow)
                .onMessage(Abort.class, this::onAbort)
                .build();
    }

    private Behavior<Command> onAssign(Assign a) {
        stopPartition();
        job = a.job();
        Model model;
        RuntimeSettings rs;
        try {
            Config config = ConfigFactory.parseString(a.config()).resolve();
            model = source.model(config);
            rs = RuntimeSettings.from(config);
        } catch (RuntimeException e) {
            a.coordinator().tell(new Coordinator.Refused(a.job(), a.partition(), "cannot build the model: "
                    + e.getMessage()));
            return this;
        }
        if (model.size() != a.partitionOf().length) {
            a.coordinator().tell(new Coordinator.Refused(a.job(), a.partition(), "built " + model.size()
                    + " components where the coordinator has " + a.partitionOf().length + " (different builds?)"));
            return this;
        }
        Placement placement = Placement.of(a.partitionOf(), a.members().size());
        long[] exits = ExitDelays.of(model, placement);
        exchange = new MemberExchange(a.job(), a.partition(), a.members(), model.lookahead(), a.horizon(),
                a.partitionOf(), exits, a.coordinator(), registry);
        partition = getContext().spawn(PartitionActor.forMember(a.partition(), placement, model, rs, exchange, lanes,
                rs.idleCpuLevel(), exits), "job-" + a.job() + "-partition-" + a.partition(), Emulation.firstLane());
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

    private void stopPartition() {
        if (partition != null) {
            getContext().stop(partition);
            partition = null;
        }
        exchange = null;
    }
}
