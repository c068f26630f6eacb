package org.nowemu.hardware.host;

import org.apache.commons.javaflow.api.Continuation;
import org.apache.commons.javaflow.api.continuable;

/**
 * A continuation a program runs inside itself, with a stack of its own: FM 2.x's handlers, which a library
 * deschedules when the bytes they ask for have not arrived. {@link #resume} runs the task until it {@link #block}s
 * or ends. A wait of the program while a task runs (the handler sends, and the send waits for the bus) is the
 * program's: the task hands it up, the program waits in its place, and when the program is resumed the task goes
 * on where it waited; so the task and its program are one sequential program, on the component's thread.
 */
public final class InnerTask {
    /** What a task runs; implementations are named or anonymous classes, never lambdas (see {@link Coroutine}). */
    public interface Body {
        @continuable
        void run();
    }

    /** The value a task suspends with when it blocks. */
    private static final Object BLOCKED = new Object();

    private static final class Entry implements Runnable {
        private final Body body;

        Entry(Body body) {
            this.body = body;
        }

        @Override
        @continuable
        public void run() {
            body.run();
        }
    }

    private final Entry entry;
    private Continuation continuation;
    private boolean started;
    private boolean done;

    public InnerTask(Body body) {
        this.entry = new Entry(body);
    }

    /**
     * Runs the task until it blocks or ends (then {@link #done()}); what it throws is thrown here. Must be called
     * from the program's own continuation, through {@code @continuable} methods.
     */
    @continuable
    public void resume() {
        if (done) {
            throw new IllegalStateException("resuming a finished task");
        }
        Continuation c;
        try {
            c = started ? continuation.resume() : Continuation.startWith(entry);
            started = true;
            while (c != null && c.value() == Coroutine.PROGRAM_WAIT) {
                // The task waits for virtual time: so does the program, and the task goes on when it is resumed.
                continuation = c;
                Continuation.suspend(Coroutine.PROGRAM_WAIT);
                c = continuation.resume();
            }
        } catch (RuntimeException | Error e) {
            done = true;
            continuation = null;
            throw e;
        }
        continuation = c;
        done = c == null;
    }

    /** Task side: gives control back to whoever resumed the task, until it is resumed again. */
    @continuable
    public static void block() {
        if (Coroutine.capturing()) {
            throw Coroutine.unmarked();
        }
        Continuation.suspend(BLOCKED);
    }

    /** Whether the task has ended. */
    public boolean done() {
        return done;
    }
}
