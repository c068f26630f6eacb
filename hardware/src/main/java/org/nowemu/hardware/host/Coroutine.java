package org.nowemu.hardware.host;

import java.util.concurrent.locks.LockSupport;

/**
 * A program's own platform thread used as a coroutine of the component that hosts it: exactly one of the two runs
 * at any moment, and control passes between them only at {@link #resume} (component to program) and
 * {@link #suspend} (program to component). Each pass is one write of a volatile turn (the happens-before edge that
 * lets the program read and change the component's state as if it were a handler) and a park/unpark pair: no lock,
 * no queue of waiters, and no spinning. Spinning was measured and refused: on a machine whose cores are taken by
 * other work a spinning waiter steals the core the thread it waits for needs (BENCHMARKS.md, "Host programs").
 *
 * <p>A program still suspended when its run ends, or whose process crashes, is unwound by {@link #stop}: it wakes
 * to a {@link Stop} error thrown from its wait, which unwinds it to the thread's body, and the thread ends; the
 * component waits for that, so no thread is left behind.
 */
final class Coroutine {
    /** Unwinds a program whose run has ended or whose process has crashed. */
    static final class Stop extends Error {
        Stop() {
            super("run ended", null, false, false);
        }
    }

    private static final int COMPONENT = 0;
    private static final int PROGRAM = 1;

    private final Thread thread;
    /** Whose turn it is; the only field both threads read while the other may be running. */
    private volatile int turn = COMPONENT;
    /** The thread that passed control to the program last (a dispatcher's): the one to wake when it gives it back. */
    private Thread resumer;
    /**
     * The thread that gave control back last, the one to wake on resume: the program's own, or one a library runs
     * inside the program and hands its turn to (FM 2.x's handlers are coroutines of their own, {@code fm2.Coroutines}).
     */
    private Thread waiter;
    private boolean started;
    private boolean stopping;
    private boolean finished;
    private Throwable failure;
    private long passes;

    /**
     * @param name       the thread's name
     * @param program    what the thread runs, from its first {@link #resume}
     * @param stackBytes the thread's stack (reserved address space: only the pages a program touches cost memory)
     */
    Coroutine(String name, Runnable program, long stackBytes) {
        thread = new Thread(null, () -> body(program), name, stackBytes);
        thread.setDaemon(true);
        waiter = thread;
    }

    /** Component side: runs the program until it suspends or ends. Returns what it threw, or null. */
    Throwable resume() {
        if (!started) {
            started = true;
            thread.start();
        }
        passes++;
        pass();
        Throwable t = failure;
        failure = null;
        return t;
    }

    /** Program side: gives control back to the component until resumed; throws {@link Stop} if unwound meanwhile. */
    void suspend() {
        Thread back = resumer;
        waiter = Thread.currentThread();
        turn = COMPONENT;
        LockSupport.unpark(back);
        awaitTurn(PROGRAM);
        if (stopping) {
            throw new Stop();
        }
    }

    /**
     * Component side: unwinds a suspended program for good and waits until its thread has ended (a program that
     * never ran does not start its thread at all).
     */
    void stop() {
        if (!started) {
            started = true;
            finished = true;
            return;
        }
        if (!finished) {
            stopping = true;
            pass();
            failure = null;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the program has returned (or was unwound). */
    boolean finished() {
        return finished;
    }

    /** Whether the calling Java thread is the program's. */
    boolean onProgramThread() {
        return Thread.currentThread() == thread;
    }

    /** How often the program was resumed (each time two thread switches; unwinding it is not counted). */
    long passes() {
        return passes;
    }

    /** Whether the program's thread is still alive (for tests: none is left once the run has ended). */
    boolean threadAlive() {
        return thread.isAlive();
    }

    private void pass() {
        resumer = Thread.currentThread();
        turn = PROGRAM;
        LockSupport.unpark(waiter);
        awaitTurn(COMPONENT);
    }

    private void awaitTurn(int mine) {
        while (turn != mine) {
            LockSupport.park(this);
        }
    }

    private void body(Runnable program) {
        awaitTurn(PROGRAM);
        try {
            if (!stopping) {
                program.run();
            }
        } catch (Stop s) {
            // unwound while it waited
        } catch (Throwable t) {
            failure = t;
        }
        finished = true;
        Thread back = resumer;
        turn = COMPONENT;
        LockSupport.unpark(back);
    }
}
