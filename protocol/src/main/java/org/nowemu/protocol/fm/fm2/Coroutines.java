package org.nowemu.protocol.fm.fm2;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;

/**
 * Continuations on one emulated host thread: FM 2.x's pending handlers. Each runs on a Java thread of its own
 * (taken from a pool, as a stack to keep its place), but only one thread of the process ever runs at a time: the
 * one that starts or resumes a task waits until the task blocks ({@link #block}) or ends, every hand-off goes
 * through a semaphore (a happens-before edge), and so the process stays one sequential program whose state the
 * task may touch as its own. A task blocks only where FM 2.x deschedules a handler: in {@code FM_receive}, when the
 * bytes it asks for have not been extracted yet. Virtual time is not this class's business: the library charges
 * the switch.
 *
 * <p>A task that fails hands its exception to the thread that resumed it. {@link #close} abandons every task still
 * blocked (its handler unwinds with an internal error) and ends the pool's threads; the library calls it when the
 * program ends, normally or because the run did.
 */
final class Coroutines {
    /** Unwinds a task abandoned at {@link #close}. */
    private static final class Abandon extends Error {
        Abandon() {
            super("handler abandoned", null, false, false);
        }
    }

    /** A task: a handler's continuation, on a pooled worker. */
    final class Task {
        private final Semaphore go = new Semaphore(0);
        private Runnable body;
        private boolean done;
        private boolean abandoned;
        private boolean exit;
        private Throwable failure;

        private void loop() {
            while (true) {
                go.acquireUninterruptibly();
                if (exit) {
                    return;
                }
                try {
                    body.run();
                } catch (Abandon a) {
                    // closed while blocked
                } catch (Throwable t) {
                    failure = t;
                }
                done = true;
                back.release();
            }
        }

        boolean done() {
            return done;
        }
    }

    private final String name;
    private final Semaphore back = new Semaphore(0);
    private final ArrayDeque<Task> idle = new ArrayDeque<>();
    private final List<Task> all = new ArrayList<>();
    private Task running;
    private int created;

    /** @param name for the worker threads' names */
    Coroutines(String name) {
        this.name = name;
    }

    /** Runs {@code body} as a new task until it blocks or ends; returns the task. */
    Task start(Runnable body) {
        Task t = idle.poll();
        if (t == null) {
            t = new Task();
            Task task = t;
            Thread th = new Thread(null, task::loop, name + "-handler-" + created++, 512 * 1024);
            th.setDaemon(true);
            th.start();
            all.add(t);
        }
        t.body = body;
        t.done = false;
        t.failure = null;
        resume(t);
        return t;
    }

    /** Continues a blocked task until it blocks again or ends. */
    void resume(Task t) {
        if (t.done) {
            throw new IllegalStateException("resuming a finished handler");
        }
        Task outer = running;
        running = t;
        t.go.release();
        back.acquireUninterruptibly();
        running = outer;
        if (t.done) {
            t.body = null;
            idle.add(t);
            Throwable f = t.failure;
            if (f != null) {
                t.failure = null;
                if (f instanceof Error e) {
                    throw e;
                }
                if (f instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(f);
            }
        }
    }

    /** Whether the caller runs inside a task. */
    boolean inTask() {
        return running != null;
    }

    /** Task side: gives control back to whoever resumed this task, until it is resumed again. */
    void block() {
        Task t = running;
        if (t == null) {
            throw new IllegalStateException("FM_receive would block outside a handler's own context");
        }
        back.release();
        t.go.acquireUninterruptibly();
        if (t.abandoned) {
            throw new Abandon();
        }
    }

    /** Abandons every blocked task and ends every worker. */
    void close() {
        for (Task t : all) {
            if (!t.done && t.body != null) {
                t.abandoned = true;
                t.go.release();
                back.acquireUninterruptibly();
            }
            t.exit = true;
            t.go.release();
        }
        all.clear();
        idle.clear();
    }
}
