package org.nowemu.actors.runtime;

import java.util.List;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The Pekko actor that hosts one {@link Unit}: one {@link Component}, or several activated as one. Its
 * sub-coordinator activates it only for windows in which it has work: a {@link Grant} carries the messages
 * components outside the unit sent it since its last activation, and the actor handles every message earlier
 * than the window's end in key order. Messages a component sends to itself or to another member go straight
 * into that member's timing mailbox; messages for others wait in its outbox for the barrier.
 */
final class ComponentActor extends AbstractBehavior<ComponentActor.Command> {

    sealed interface Command {
    }

    /** Run the component's {@code onStart} at virtual time 0. */
    enum Start implements Command { INSTANCE }

    /** Handle every message earlier than {@code end} (ps), after queueing {@code incoming} (may be null). */
    record Grant(long end, List<Event> incoming) implements Command {
    }

    /** Queue {@code incoming} (may be null) unhandled, run {@code onFinish} and leave the final report. */
    record Finish(List<Event> incoming) implements Command {
    }

    private final Unit unit;
    private final WindowBoard board;

    static Behavior<Command> create(Unit unit, WindowBoard board) {
        return Behaviors.setup(ctx -> new ComponentActor(ctx, unit, board));
    }

    private ComponentActor(ActorContext<Command> ctx, Unit unit, WindowBoard board) {
        super(ctx);
        this.unit = unit;
        this.board = board;
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Grant.class, this::onGrant)
                .onMessageEquals(Start.INSTANCE, this::onStart)
                .onMessage(Finish.class, this::onFinish)
                .build();
    }

    private Behavior<Command> onGrant(Grant g) {
        try {
            unit.runWindow(g.end(), g.incoming());
        } finally {
            board.done();
        }
        return this;
    }

    private Behavior<Command> onStart() {
        try {
            unit.start();
        } finally {
            board.done();
        }
        return this;
    }

    private Behavior<Command> onFinish(Finish f) {
        try {
            unit.finish(f.incoming());
        } finally {
            board.done();
        }
        return this;
    }
}
