package org.nowemu.actors.runtime;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * How the units of one partition report the end of an activation without one message each: each leaves its
 * results in its {@link Unit} and members' {@link ComponentCell}s and counts down; the last one tells the
 * sub-coordinator. The atomic count-down orders every unit's writes before the sub-coordinator reads them.
 */
final class WindowBoard {
    // The count sits mid-array, 128 bytes from either end, so no other hot field shares its cache line.
    private static final int SLOT = 32;
    private final AtomicIntegerArray outstanding = new AtomicIntegerArray(2 * SLOT);
    private final ActorRef<PartitionActor.Command> coordinator;

    WindowBoard(ActorRef<PartitionActor.Command> coordinator) {
        this.coordinator = coordinator;
    }

    /** Arms the board for {@code n} activations; called by the sub-coordinator before it grants them. */
    void expect(int n) {
        outstanding.set(SLOT, n);
    }

    void done() {
        if (outstanding.decrementAndGet(SLOT) == 0) {
            coordinator.tell(PartitionActor.AllDone.INSTANCE);
        }
    }
}
