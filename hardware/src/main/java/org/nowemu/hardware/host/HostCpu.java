package org.nowemu.hardware.host;

import java.util.ArrayDeque;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.hardware.profile.HardwareProfile;

/**
 * The CPUs of a host that runs more than one thread: a resource its threads hold while they run (computing,
 * writing to the NIC, spin-polling) and give up while they are blocked (on a semaphore, on a page fault). A thread
 * that asks while every CPU is taken waits in arrival order; a CPU that takes a thread other than the one it ran
 * last pays the profile's context switch before the thread runs. When a thread has to wait, the threads holding
 * CPUs hear of it ({@link Contended}): one that is only spinning gives its CPU up after its time slice, or at once
 * when the waiting thread has just woken from a block (a time-sharing scheduler favours threads that sleep, so a
 * woken thread preempts a spinning one).
 *
 * <p>Counters: {@code cpu.grants}, {@code cpu.context_switches}, {@code cpu.queued} (asks that had to wait).
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

    private record Waiting(int thread, boolean woken) {
    }

    private final long contextSwitch;
    private final long signal;
    private final int[] holder;
    private final int[] last;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();

    /** @param profile the hardware profile (CPUs, context-switch time, the on-board signal delay) */
    public HostCpu(HardwareProfile profile) {
        this.contextSwitch = profile.host().contextSwitch();
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
            grant(cpu, thread);
        }
    }

    private void onRelease(int thread) {
        for (int cpu = 0; cpu < holder.length; cpu++) {
            if (holder[cpu] == thread) {
                holder[cpu] = -1;
                Waiting next = waiting.poll();
                if (next != null) {
                    grant(cpu, next.thread());
                }
                return;
            }
        }
        throw new IllegalStateException(nameOf(thread) + " released a CPU it did not hold");
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

    private void grant(int cpu, int thread) {
        holder[cpu] = thread;
        long delay = signal;
        if (last[cpu] >= 0 && last[cpu] != thread) {
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
