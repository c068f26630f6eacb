package org.nowemu.actors.runtime;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The Pekko actor that hosts one lane's loop ({@link LaneGroup#runLane}), on a thread of its own (a pinned
 * dispatcher). The components it runs are not actors of Pekko's: they are its lane's {@link ComponentCell}s,
 * each with its own timing mailbox, handled in key order by the loop. A lane's host receives one message for the
 * whole run: the lanes then meet at their shared-memory {@link Barrier}, never through actor messages. The first
 * lane's host also prepares the lanes (builds the components, runs the planner's pilot on a single JVM) and starts
 * the other lanes' hosts as its children: those its lanes need, and on a single JVM those a later trial of the lanes
 * seats, when it does.
 */
public final class LaneActor extends AbstractBehavior<LaneActor.Command> {
    /** The pinned dispatcher every lane's host runs on: a thread per host (actors' reference.conf). */
    public static final String DISPATCHER = "pekko.actor.nowemu-lane";

    public sealed interface Command {
    }

    /** Prepare the lanes with {@code setup} on this host's thread, start the other hosts, run lane 0. */
    public record Lead(Setup setup) implements Command {
    }

    /** Run lane {@code lane} of {@code group} (-1: wait in its reserve for a lane). */
    record Run(LaneGroup group, int lane) implements Command {
    }

    /** How the first lane's host prepares the lanes of a run. */
    public interface Setup {
        /** The lanes, ready to run, or null when the run already ended while they were prepared. */
        LaneGroup prepare();

        /** The preparation failed outside any component (a runtime defect). */
        void failed(Throwable t);
    }

    public static Behavior<Command> create() {
        return Behaviors.setup(LaneActor::new);
    }

    /** Where a lane's host is spawned. */
    public static DispatcherSelector dispatcher() {
        return DispatcherSelector.fromConfig(DISPATCHER);
    }

    private LaneActor(ActorContext<Command> ctx) {
        super(ctx);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Lead.class, this::onLead)
                .onMessage(Run.class, this::onRun)
                .build();
    }

    private Behavior<Command> onLead(Lead lead) {
        LaneGroup group;
        try {
            group = lead.setup().prepare();
        } catch (Throwable t) {
            lead.setup().failed(t);
            return Behaviors.stopped();
        }
        if (group != null) {
            // The hosts the lanes need now; those a later trial seats are started then, from inside lane 0's loop,
            // which runs within this message's handling, on this actor's thread.
            int[] started = {0};
            group.reserve().startWith(l -> getContext().spawn(create(), "lane-" + ++started[0], dispatcher())
                    .tell(new Run(group, l)), group.lanes());
            run(group, 0);
        }
        // The run is over for this lane (its children, the other lanes, end theirs as it ends): the host goes.
        return Behaviors.stopped();
    }

    private Behavior<Command> onRun(Run r) {
        run(r.group(), r.lane());
        return Behaviors.stopped();
    }

    private static void run(LaneGroup group, int lane) {
        try {
            group.runLane(lane);
        } catch (Throwable t) {
            // Components' own failures are caught in their cells; this is the runtime's, and must end the run.
            group.crashed(lane, t);
        }
    }
}
