package org.nowemu.hardware.host;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;

/**
 * A program thread's share of its host's CPUs ({@link HostCpu}): it asks for a CPU before its program starts, keeps
 * it while the program runs or spins, gives it up while the program is blocked, and asks again to go on; a
 * spinning program that hears another thread waits gives its CPU up at the end of its time slice (at once if the
 * waiting thread was woken). A thread with a CPU of its own ({@code cpu} -1) never asks.
 *
 * <p>Counters: {@code host.interrupted_ps} (time interrupt handlers the shared CPU passed on took from the thread;
 * on a CPU of its own, {@code host.kernel_ps} counts it).
 */
final class CpuShare {
    private final ProgramThread thread;
    /** The host's CPU component, or -1 when this thread has the CPU to itself. */
    private final int cpu;
    private final long timeSlice;
    private boolean starting;
    private boolean granted;
    private boolean holding;
    private boolean contended;
    private boolean urgent;
    private long grantedAt;
    /** Whether the CPU asked for last has been granted: what a program waits for to go on. */
    final BooleanSupplier isGranted = () -> granted;

    CpuShare(ProgramThread thread, int cpu, long timeSlice) {
        this.thread = thread;
        this.cpu = cpu;
        this.timeSlice = timeSlice;
    }

    /**
     * Whether an interrupt the CPU passed on is taken from this thread: it holds the CPU (or has its own), or the
     * CPU was granted to it and is still switching to it (the handler then runs before it starts). A handler that
     * reached a thread whose release crossed it took time from no program.
     */
    boolean takes(HostCpu.Interrupt i) {
        if (own()) {
            return true;
        }
        if (holding || !granted) {
            thread.hostCounter("host.interrupted_ps").add(i.ps());
            return true;
        }
        return false;
    }

    /** Whether the thread is waiting for a CPU it asked for (interrupts taken meanwhile run when it is granted). */
    boolean awaitingGrant() {
        return !own() && !granted;
    }

    /** Whether the thread has a CPU of its own. */
    boolean own() {
        return cpu < 0;
    }

    /** Asks for the CPU the program starts on. */
    void askToStart() {
        starting = true;
        thread.toCpu(cpu, 0, new HostCpu.Acquire(false));
    }

    /**
     * Another thread waits for a CPU ({@code urgent}: one just woken), heard at {@code now}. Returns when a program
     * spinning on this CPU should hear of it, or -1 if this thread holds none.
     */
    long contended(boolean urgent, long now) {
        contended = true;
        this.urgent |= urgent;
        if (!holding) {
            return -1;
        }
        return this.urgent ? now : grantedAt + timeSlice;
    }

    /**
     * The CPU asked for is granted at {@code now}. Returns whether it was asked for to start the program. A Contended
     * sent while the grant was on its way (it travels faster than a grant that pays a context switch) still stands.
     */
    boolean granted(long now) {
        granted = true;
        holding = true;
        grantedAt = now;
        boolean start = starting;
        starting = false;
        return start;
    }

    /** Whether a program at {@code cursor} should give its CPU up: another thread waits and its slice is over. */
    boolean shouldYield(long cursor) {
        return holding && contended && (urgent || cursor - grantedAt >= timeSlice);
    }

    /**
     * Program side, spinning: if another thread waits for a CPU and this one has held its CPU for a time slice, gives
     * it up and waits for it again (paying a context switch then). Returns whether it did.
     */
    @continuable
    boolean yieldIfContended() {
        if (!shouldYield(thread.cursor())) {
            return false;
        }
        thread.catchUp();
        thread.hostCounter("host.yields").increment();
        yieldAndAsk();
        thread.awaitUntil(isGranted);
        return true;
    }

    /** Program side: blocks until {@code ready} holds, the CPU given up meanwhile ({@link ProgramThread#blockUntil}). */
    @continuable
    void block(BooleanSupplier ready) {
        thread.catchUp();
        if (ready.getAsBoolean()) {
            return;
        }
        thread.hostCounter("host.blocks").increment();
        release(0);
        thread.awaitUntil(ready);
        if (!own()) {
            ask(true);
            thread.awaitUntil(isGranted);
        }
    }

    /** Gives the CPU up and asks for it again at once (a yield). */
    void yieldAndAsk() {
        contended = false;
        urgent = false;
        release(0);
        ask(false);
    }

    /** Gives the CPU up, if held, {@code afterPs} after the signal's delay. */
    void release(long afterPs) {
        if (holding) {
            holding = false;
            thread.toCpu(cpu, afterPs, new HostCpu.Release());
        }
    }

    /**
     * Raises an interrupt to the host's CPU: the handler runs on it, from whatever thread holds it; on a CPU of the
     * thread's own, the thread's {@code kernel} takes it at once.
     */
    void interrupt(HostCpu.Interrupt i, KernelHandlers kernel, long now, long cursor) {
        if (own()) {
            kernel.take(i, this, now, cursor);
        } else {
            thread.toCpu(cpu, 0, i);
        }
    }

    /** Asks for a CPU again ({@code urgent}: after a block), if the thread shares one. */
    void ask(boolean urgent) {
        if (cpu >= 0) {
            granted = false;
            thread.toCpu(cpu, 0, new HostCpu.Acquire(urgent));
        }
    }

    /** A grant that reached a crashed thread: it hands the CPU straight back. */
    void refuse() {
        thread.toCpu(cpu, 0, new HostCpu.Release());
    }
}
