package org.nowemu.hardware.host;

import java.util.ArrayDeque;

/**
 * The kernel's handlers of the interrupts to a program thread's host, run on the CPU the thread holds (its own, or
 * the one it shares, {@link HostCpu}): a NIC TLB miss (the kernel pins the page and writes the entry into the NIC),
 * an AM-II event (the driver posts the endpoint's semaphore). This is the one path an interrupt takes CPU time from
 * a program. A handler preempts the program where it is: an
 * interrupt is taken between two instructions, whatever the program computes or spins on. It holds the CPU for its
 * dispatch and its own work, then writes into NIC memory by programmed I/O, if it has words to write, and stalls until the words have crossed
 * the bus, which may be busy with the NIC's DMA (the words queue as any PIO does, {@link IoBus}). Then the program
 * goes on where it was preempted, what it had left to compute shifted past the handler. An interrupt raised while a
 * handler runs is taken when that one returns, before the program. While a handler runs nothing resumes the
 * program: what arrives meanwhile is taken in on the component's side, and the program sees it when the handlers are
 * done. What the program had already handed to the bus before the interrupt (a posted write at its cursor) is not
 * called back: the CPU's write buffer drains on its own.
 *
 * <p>The handler runs on the component's side: it is the kernel's code, not the program's, and needs no
 * continuation. Its PIO writes carry negative tags, so the bus's answers are told from the program's.
 *
 * <p>Counters: {@code host.kernel_ps} (CPU time the handlers took from the program), {@code host.interrupts_queued}
 * (raised while another ran). Who raises an interrupt counts it ({@code host.interrupts}: the thread for a TLB miss,
 * the driver for an event).
 */
final class KernelHandlers {
    private record Handler(long cpuPs, int pioWords, Object payload) {
    }

    private final ProgramThread thread;
    private final ArrayDeque<Handler> queued = new ArrayDeque<>();
    /** Interrupts taken while the CPU was switching to this thread: their handlers run before its program. */
    private final ArrayDeque<HostCpu.Interrupt> owed = new ArrayDeque<>();
    /** When the running handler took the CPU; -1 when none runs. */
    private long start = -1;
    /** What the program had left to compute when the first of the handlers running back to back preempted it (ps). */
    private long programLeft;
    /** Whether the program was due to resume while a handler ran. */
    private boolean deferred;
    private long tags;

    KernelHandlers(ProgramThread thread) {
        this.thread = thread;
    }

    /**
     * An interrupt the thread's CPU took at {@code now} ({@link HostCpu}; its own CPU's, from
     * {@link ProgramThread#interruptKernel}): its handler preempts the program, or runs before it if the CPU is still
     * switching to the thread; one passed on from an idle CPU only makes its writes.
     */
    void take(HostCpu.Interrupt i, CpuShare share, long now, long cursor) {
        if (share.takes(i)) {
            if (share.awaitingGrant()) {
                owed.add(i);
                return;
            }
        } else if (i.pioWords() == 0) {
            return;
        }
        raise(now, cursor, i.ps(), i.pioWords(), i.payload());
    }

    /** The CPU has been granted to the thread at {@code now}: the handlers it owes run before its program. */
    void granted(long now, long cursor) {
        for (HostCpu.Interrupt i = owed.poll(); i != null; i = owed.poll()) {
            raise(now, cursor, i.ps(), i.pioWords(), i.payload());
        }
    }

    /**
     * An interrupt at {@code now}, the program's work ending at {@code cursor}: its handler takes the CPU for
     * {@code cpuPs}, then writes {@code pioWords} words carrying {@code payload} into NIC memory.
     */
    private void raise(long now, long cursor, long cpuPs, int pioWords, Object payload) {
        Handler h = new Handler(cpuPs, pioWords, payload);
        if (start >= 0) {
            thread.hostCounter("host.interrupts_queued").increment();
            queued.add(h);
            return;
        }
        programLeft = Math.max(0, cursor - now);
        run(now, h);
    }

    private void run(long now, Handler h) {
        start = now;
        if (h.pioWords() > 0) {
            thread.pioWriteIn(h.cpuPs(), h.pioWords(), h.payload(), --tags);
        } else {
            thread.at(now + h.cpuPs(), new ProgramThread.HandlerReturn(--tags));
        }
    }

    /**
     * The bus's answer {@code tag} at {@code now}, or the return of a handler that wrote nothing: whether it was a
     * handler's (which has then returned).
     */
    boolean pioDone(long now, long tag) {
        if (tag >= 0) {
            return false;
        }
        thread.hostCounter("host.kernel_ps").add(now - start);
        start = -1;
        Handler next = queued.poll();
        if (next != null) {
            run(now, next);
            return true;
        }
        long resumeAt = now + programLeft;
        if (resumeAt > thread.cursor()) {
            thread.busyFor(resumeAt - thread.cursor());
        }
        boolean wasDeferred = deferred;
        deferred = false;
        thread.kernelReturned(wasDeferred);
        return true;
    }

    /** Whether a handler holds the CPU, so the program may not resume now (it will when the handlers are done). */
    boolean defers() {
        if (start < 0) {
            return false;
        }
        deferred = true;
        return true;
    }
}
