package org.nowemu.hardware.host;

import org.apache.commons.javaflow.api.Continuation;
import org.apache.commons.javaflow.api.continuable;
import org.apache.commons.javaflow.core.StackRecorder;

/**
 * A program run as a continuation of the component that hosts it: {@link #resume} runs the program on the calling
 * thread (the component's) until it waits ({@link #suspend}) or ends; a wait saves the program's frames and
 * returns, and the next {@link #resume} rebuilds them and goes on after the wait. No second thread, so a wait costs
 * no OS thread switch and no core has to be free for it (BENCHMARKS.md, "Host programs"). The price is that every
 * method between {@link ProgramThread#program()} and a wait is marked {@code @continuable} and rewritten at build
 * time (the javaflow plugin in the parent pom); a lambda on such a path must be a named or anonymous class, since
 * the JVM makes a lambda's class at run time, where nothing rewrites it.
 *
 * <p>Why a continuation and not a state machine: workload code reads like the programs researchers ran on the NOW
 * (send, poll, handle). A resume still rebuilds the program's frames, so nothing resumes a program that would only
 * wait again: a wait for a condition ({@link ProgramThread#awaitUntil}: a PIO's answer, a CPU grant, a block) is
 * checked on the component's side as messages arrive, with the state and counters changing exactly as if the
 * program had woken, looked and waited again.
 *
 * <p>A missed mark does not stop at the wait: the unmarked frame would run on past it. {@link #suspend} refuses a
 * second wait while the first is still being saved, and {@link HostThread#cursor()} refuses to be read then, so
 * such a frame fails the run at once, naming itself in the stack trace, instead of acting at the wrong time.
 *
 * <p>A wait inside a continuation the program runs itself ({@link InnerTask}: FM 2.x's handlers) is handed up
 * to the program's: the inner one suspends with {@link #PROGRAM_WAIT}, and the program waits in its place.
 */
final class Coroutine {
    /** The value a continuation suspends with when the program as a whole waits (see {@link InnerTask}). */
    static final Object PROGRAM_WAIT = new Object();

    /** The program's entry, a class of its own so that the plugin rewrites it (a lambda would not be). */
    private static final class Entry implements Runnable {
        private final ProgramThread owner;

        Entry(ProgramThread owner) {
            this.owner = owner;
        }

        @Override
        @continuable
        public void run() {
            owner.program();
        }
    }

    private final Entry entry;
    private Continuation continuation;
    private boolean started;
    private boolean finished;
    private boolean running;
    /** The Java thread that resumed the program last, and the one the program was last seen on when it waited. */
    private Thread resumer;
    private long passes;
    private long handOffs;

    Coroutine(ProgramThread owner) {
        this.entry = new Entry(owner);
    }

    /** Component side: runs the program until it waits or ends. Returns what it threw, or null. */
    Throwable resume() {
        if (finished) {
            return null;
        }
        passes++;
        resumer = Thread.currentThread();
        running = true;
        try {
            continuation = started ? continuation.resume() : Continuation.startWith(entry);
            started = true;
            if (continuation == null) {
                finished = true;
            }
            return null;
        } catch (Throwable t) {
            finished = true;
            continuation = null;
            return t;
        } finally {
            running = false;
        }
    }

    /** Program side: gives control back to the component until resumed. */
    @continuable
    void suspend() {
        StackRecorder r = StackRecorder.get();
        if (r == null) {
            throw new IllegalStateException("a program waited outside its own continuation");
        }
        if (r.isCapturing) {
            throw unmarked();
        }
        if (Thread.currentThread() != resumer) {
            // Cannot happen with a continuation (it runs on the thread that resumed it); counted, not assumed.
            handOffs++;
        }
        Continuation.suspend(PROGRAM_WAIT);
    }

    /** Component side: drops a waiting program for good (its run ended or its process crashed). */
    void stop() {
        started = true;
        finished = true;
        continuation = null;
    }

    /** Whether the program has returned (or was stopped). */
    boolean finished() {
        return finished;
    }

    /** Whether the program is running now (it runs only inside {@link #resume}, on the resumer's thread). */
    boolean onProgramThread() {
        return running;
    }

    /** How often the program was resumed. */
    long passes() {
        return passes;
    }

    /** Waits at which the program's code was found on a thread other than the one that resumed it (none). */
    long handOffs() {
        return handOffs;
    }

    /** Thrown when a frame runs on past a wait because it was not rewritten. */
    static IllegalStateException unmarked() {
        return new IllegalStateException("a method on this program's path to a wait is not @continuable (or is a"
                + " lambda): it ran on past the wait; see the frames below the host library's call");
    }

    /** Whether the calling code is a frame running on past a wait that is being saved (see {@link #unmarked}). */
    static boolean capturing() {
        StackRecorder r = StackRecorder.get();
        return r != null && r.isCapturing;
    }
}
