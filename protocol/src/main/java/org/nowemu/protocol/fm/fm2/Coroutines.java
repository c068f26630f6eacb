package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.hardware.host.InnerTask;

/**
 * FM 2.x's pending handlers, each a continuation inside its program ({@link InnerTask}), so that only one of them
 * or the program runs at a time and the process stays one sequential program whose state a handler may touch as
 * its own. A task blocks only where FM 2.x deschedules a handler: in {@code FM_receive}, when the bytes it asks for
 * have not been extracted yet. A task that fails hands its exception to whoever resumed it. Virtual time is not
 * this class's business: the library charges the switch.
 */
final class Coroutines {
    /** A handler's continuation. */
    static final class Task {
        private final InnerTask inner;

        private Task(InnerTask.Body body) {
            this.inner = new InnerTask(body);
        }

        boolean done() {
            return inner.done();
        }
    }

    private Task running;

    /** Runs {@code body} as a new task until it blocks or ends; returns the task. */
    @continuable
    Task start(InnerTask.Body body) {
        Task t = new Task(body);
        resume(t);
        return t;
    }

    /** Continues a blocked task until it blocks again or ends. */
    @continuable
    void resume(Task t) {
        if (t.done()) {
            throw new IllegalStateException("resuming a finished handler");
        }
        Task outer = running;
        running = t;
        try {
            t.inner.resume();
        } finally {
            running = outer;
        }
    }

    /** Whether the caller runs inside a task. */
    boolean inTask() {
        return running != null;
    }

    /** Task side: gives control back to whoever resumed this task, until it is resumed again. */
    @continuable
    void block() {
        if (running == null) {
            throw new IllegalStateException("FM_receive would block outside a handler's own context");
        }
        InnerTask.block();
    }
}
