package org.nowemu.hardware.host;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;

/**
 * The deadline of a {@link ProgramThread#blockUntil(BooleanSupplier, long)}: a timer message to the thread that
 * ends the block it was set for, and only that one (a block that ended earlier leaves its timer to arrive unheeded).
 */
final class BlockDeadline {
    private final ProgramThread thread;
    private long seq;
    private long active = -1;
    private boolean timedOut;

    BlockDeadline(ProgramThread thread) {
        this.thread = thread;
    }

    /** Component side: a timer arrived; returns whether it ended the block under way. */
    boolean expired(ProgramThread.Timeout t) {
        if (t.seq() != active) {
            return false;
        }
        timedOut = true;
        return true;
    }

    /** Program side: blocks until {@code ready} holds or virtual time {@code deadline}; returns whether it holds. */
    @continuable
    boolean block(BooleanSupplier ready, long deadline) {
        long s = ++seq;
        timedOut = deadline <= thread.cursor();
        active = s;
        if (!timedOut && deadline != Long.MAX_VALUE) {
            thread.at(deadline, new ProgramThread.Timeout(s));
        }
        thread.blockUntil(() -> ready.getAsBoolean() || timedOut);
        active = -1;
        return ready.getAsBoolean();
    }
}
