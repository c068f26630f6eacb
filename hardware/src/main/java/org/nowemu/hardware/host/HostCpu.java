package org.nowemu.hardware.host;

import java.util.ArrayDeque;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * The CPUs of a host that runs more than one thread: a resource its threads hold while they run (computing,
 * writing to the NIC, spin-polling) and give up while they are blocked (on a semaphore, on a page fault). A thread
 * that asks while every CPU is taken waits in arrival order; a CPU that takes a thread other than the one it ran
 * last pays the profile's context switch before the thread runs. A thread woken from a block (a semaphore, a page
 * fault, a timed sleep) pays the kernel's wake-up (the blocking trap, the sleep queue, the return to user mode) and
 * a context switch whatever the CPU ran last: when it blocked the kernel switched its CPU away (to another thread
 * or the idle loop), and switches back to it now. When a thread has to wait, the threads holding
 * CPUs hear of it ({@link Contended}): one that is only spinning gives its CPU up after its time slice, or at once
 * when the waiting thread has just woken from a block (a time-sharing scheduler favours threads that sleep, so a
 * woken thread preempts a spinning one). An interrupt ({@link Interrupt}) is taken by the first CPU: the kernel's
 * handler runs for its time on it, taken from whatever thread holds it (the interrupt goes on to that thread, whose
 * {@link KernelHandlers} preempt its program, as they do on a thread with a CPU of its own), or, on an idle CPU, keeps
 * the CPU from the next thread it grants (a thread the handler wakes runs only after it). A handler that also writes
 * into NIC memory on an idle CPU goes on to the thread that raised it, which has the bus path for the writes.
 *
 * <p>Counters: {@code cpu.grants}, {@code cpu.context_switches}, {@code cpu.wake_ups} (grants to threads woken from
 * a block), {@code cpu.queued} (asks that had to wait), {@code cpu.interrupts} and {@code cpu.interrupt_ps} (kernel
 * handlers run on the CPU, and their time).
 */
public final class HostCpu extends Component {
    /** A thread asks for a CPU; it arrives when the thread is ready to run; {@code woken}: from a block. */
    public record Acquire(boolean woken) {
    }

    /** A thread gives its CPU up; it arrives when the thread stops running. */
    public record Release() {
    }

    /** To a thread: it runs from the moment this arrives. */
    public record Granted() {
    }

    /** To a thread holding a CPU: another thread is waiting for one; {@code urgent}: one that has just woken. */
    public record Contended(boolean urgent) {
    }

    /**
     * An interrupt: the kernel's handler takes the CPU for {@code ps}, then writes {@code pioWords} words carrying
     * {@code payload} into NIC memory (none: 0 and null). To the host's CPU component it arrives when the handler
     * starts; the CPU passes it on to the thread it preempts. A thread with a CPU of its own takes it itself.
     */
    public record Interrupt(long ps, int pioWords, Object payload) {
        /** A handler that only takes the CPU. */
        public Interrupt(long ps) {
            this(ps, 0, null);
        }
    }

    private record Waiting(int thread, boolean woken) {
    }

    private final long contextSwitch;
    private final long wakeUp;
    private final long signal;
    private final int[] holder;
    private final int[] last;
    /** Until when the first CPU runs interrupt handlers while no thread holds it. */
    private long handlersUntil;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();

    /** @param profile the hardware profile (CPUs, context-switch and wake-up times, the on-board signal delay) */
    public HostCpu(HardwareProfile profile) {
        this.contextSwitch = profile.host().contextSwitch();
        this.wakeUp = profile.host().wakeUp();
        this.signal = profile.nic().lanai().cycles(1);
        this.holder = new int[profile.host().cpus()];
        this.last = new int[holder.length];
        java.util.Arrays.fill(holder, -1);
        java.util.Arrays.fill(last, -1);
    }

    @Override
    protected Receive createReceive() {
        return Receive.builder()
                .on(Acquire.class, a -> onAcquire(sender(), a.woken()))
                .on(Release.class, r -> onRelease(sender()))
                .on(Interrupt.class, i -> onInterrupt(sender(), i))
                .build();
    }

    private void onAcquire(int thread, boolean woken) {
        int cpu = free();
        if (cpu < 0) {
            counter("cpu.queued").increment();
            waiting.add(new Waiting(thread, woken));
            for (int holding : holder) {
                send(holding, signal, new Contended(woken));
            }
        } else {
            grant(cpu, thread, woken);
        }
    }

    private void onRelease(int thread) {
        for (int cpu = 0; cpu < holder.length; cpu++) {
            if (holder[cpu] == thread) {
                holder[cpu] = -1;
                Waiting next = waiting.poll();
                if (next != null) {
                    grant(cpu, next.thread(), next.woken());
                }
                return;
            }
        }
        throw new IllegalStateException(nameOf(thread) + " released a CPU it did not hold");
    }

    private void onInterrupt(int raisedBy, Interrupt i) {
        counter("cpu.interrupts").increment();
        counter("cpu.interrupt_ps").add(i.ps());
        if (holder[0] >= 0) {
            send(holder[0], signal, i);
        } else {
            handlersUntil = Math.max(handlersUntil, now()) + i.ps();
            if (i.pioWords() > 0) {
                send(raisedBy, signal, i);
            }
        }
    }

    /** The lowest-numbered free CPU, or -1. */
    private int free() {
        for (int cpu = 0; cpu < holder.length; cpu++) {
            if (holder[cpu] < 0) {
                return cpu;
            }
        }
        return -1;
    }

    private void grant(int cpu, int thread, boolean woken) {
        holder[cpu] = thread;
        long delay = signal + (cpu == 0 ? Math.max(0, handlersUntil - now()) : 0);
        if (woken) {
            delay += wakeUp;
            counter("cpu.wake_ups").increment();
        }
        if (woken || last[cpu] >= 0 && last[cpu] != thread) {
            delay += contextSwitch;
            counter("cpu.context_switches").increment();
        }
        last[cpu] = thread;
        counter("cpu.grants").increment();
        send(thread, delay, new Granted());
        if (!waiting.isEmpty()) {
            boolean urgent = false;
            for (Waiting w : waiting) {
                urgent |= w.woken();
            }
            send(thread, delay, new Contended(urgent));
        }
    }
}
