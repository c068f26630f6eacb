package org.nowemu.actors.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * How the components of one partition report the end of an activation without one message each: each
 * leaves its results in its {@link ComponentCell} and counts down; the last one tells the sub-coordinator.
 * The atomic count-down orders every component's writes before the sub-coordinator reads them.
 */
final class WindowBoard {
    private final AtomicInteger outstanding = new AtomicInteger();
    private final ActorRef<PartitionActor.Command> coordinator;

    WindowBoard(ActorRef<PartitionActor.Command> coordinator) {
        this.coordinator = coordinator;
    }

    /** Arms the board for {@code n} activations; called by the sub-coordinator before it grants them. */
    void expect(int n) {
        outstanding.set(n);
    }

    void done() {
        if (outstanding.decrementAndGet() == 0) {
            coordinator.tell(PartitionActor.AllDone.INSTANCE);
        }
    }
}
