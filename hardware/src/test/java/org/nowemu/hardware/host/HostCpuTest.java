package org.nowemu.hardware.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;

/** Threads of one host sharing its single CPU. */
class HostCpuTest {
    /** The NOW hardware every test here runs its one host on. */
    private final HardwareProfile p = TestNets.now("");
    /** One LANai cycle (26,667 ps): the on-board signal between a thread and its CPU. */
    private final long s = p.nic().lanai().cycles(1);

    /** Records when its program starts, computes {@code cycles}, then blocks until a Go message if told to. */
    static final class Worker extends ProgramThread {
        private final long cycles;
        private final boolean waitForGo;
        private boolean go;

        Worker(HardwareProfile p, NicParts nic, int cpu, long cycles, boolean waitForGo) {
            super(p, nic, cpu);
            this.cycles = cycles;
            this.waitForGo = waitForGo;
        }

        @Override
        @continuable
        protected void program() {
            counter("test." + nameOf(id()) + ".start_ps").add(now());
            compute(cycles);
            if (waitForGo) {
                blockUntil(() -> go);
                counter("test." + nameOf(id()) + ".resumed_ps").add(now());
            }
        }

        @Override
        protected void onMessage(Object message) {
            go = true;
        }
    }

    /**
     * Threads t0 and t1 (and a waker) share one CPU; s = one LANai cycle (26,667 ps), the on-board signal; the
     * context switch is 10 us. Both ask at s; t0 (lower id) gets the CPU at 2s, computes 10 us (1,670 cycles at
     * 167 MHz) and blocks: its release arrives at 3s + 10 us, and t1 gets the CPU a context switch and s later,
     * at 4s + 20 us. t1 computes 10 us and ends at 4s + 30 us (release at 5s + 30 us). The waker's message reaches
     * t0 at 1 ms; t0 asks again at 1 ms + s, gets the CPU at 1 ms + 2s + 4 us + 10 us (woken: the kernel's wake-up,
     * 4 us, and a switch, 10 us).
     */
    @Test
    void blockedThreadsGiveTheCpuUpAndPayAContextSwitchToGetItBack() {
        RunResult r = runOnOneCpu(10 * VirtualTime.MS, (nic, cpu) -> List.of(
                new Part("t0", () -> new Worker(p, nic, cpu, 1670, true)),
                new Part("t1", () -> new Worker(p, nic, cpu, 1670, false)),
                new Part("waker", () -> new OneSend(p, nic, cpu + 1, VirtualTime.MS, "go"))));
        assertEquals(2 * s, r.counter("test.h0.t0.start_ps"));
        assertEquals(4 * s + 20_000_000, r.counter("test.h0.t1.start_ps"));
        assertEquals(1_000_000_000 + 2 * s + 14_000_000, r.counter("test.h0.t0.resumed_ps"));
        assertEquals(2, r.counter("cpu.context_switches"));
        assertEquals(1, r.counter("cpu.wake_ups"));
        assertEquals(1, r.counter("host.blocks"));
    }

    /**
     * A thread alone on its CPU blocks and is woken: the CPU ran nothing else meanwhile, yet the kernel switched it
     * to the idle loop when the thread blocked and back now, so the thread pays the wake-up (4 us) and a switch
     * (10 us) as it would after another thread. t0 starts at 2s, computes 10 us and blocks; the waker's message
     * reaches it at 1 ms, it asks at 1 ms + s and runs at 1 ms + 2s + 14 us.
     */
    @Test
    void aThreadWokenOnAnIdleCpuStillPaysTheWakeUpAndASwitch() {
        RunResult r = runOnOneCpu(10 * VirtualTime.MS, (nic, cpu) -> List.of(
                new Part("t0", () -> new Worker(p, nic, cpu, 1670, true)),
                new Part("waker", () -> new OneSend(p, nic, cpu + 1, VirtualTime.MS, "go"))));
        assertEquals(1_000_000_000 + 2 * s + 14_000_000, r.counter("test.h0.t0.resumed_ps"));
        assertEquals(1, r.counter("cpu.context_switches"));
        assertEquals(1, r.counter("cpu.wake_ups"));
    }

    /** Computes {@code cycles} from its start and records when the work is done. */
    static final class Timed extends ProgramThread {
        private final long cycles;

        Timed(HardwareProfile p, NicParts nic, int cpu, long cycles) {
            super(p, nic, cpu);
            this.cycles = cycles;
        }

        @Override
        @continuable
        protected void program() {
            compute(cycles);
            catchUp();
            counter("test.done_ps").add(now());
        }
    }

    /**
     * An interrupt handler of 12 us runs at 50 us while a thread computes 100 us (16,700 cycles) from 2s: the thread
     * is held up for the handler and is done at 2s + 112 us instead of 2s + 100 us.
     */
    @Test
    void anInterruptHandlerTakesItsTimeFromTheRunningThread() {
        RunResult r = runOnOneCpu(10 * VirtualTime.MS, (nic, cpu) -> List.of(
                new Part("t0", () -> new Timed(p, nic, cpu, 16_700)),
                new Part("irq", () -> new OneSend(p, nic, cpu, 50_000_000L, new HostCpu.Interrupt(12_000_000L)))));
        assertEquals(2 * s + 112_000_000, r.counter("test.done_ps"));
        assertEquals(12_000_000, r.counter("host.interrupted_ps"));
        assertEquals(1, r.counter("cpu.interrupts"));
    }

    /**
     * The CPU is idle (t0 blocked) when a 12 us handler starts at 1 ms - 5 us; the waker's message reaches t0 at 1 ms
     * and its ask at 1 ms + s, while the handler still has 7 us - s to run: t0 gets the CPU after the handler, then
     * the wake-up and the switch: at 1 ms + s + (7 us - s) + s + 14 us = 1 ms + s + 21 us.
     */
    @Test
    void aThreadWokenWhileAHandlerRunsWaitsForIt() {
        RunResult r = wokenAtOneMsWithAHandlerAt(995_000_000L);
        assertEquals(1_000_000_000 + s + 21_000_000, r.counter("test.h0.t0.resumed_ps"));
        assertEquals(0, r.counter("host.interrupted_ps"));
    }

    /**
     * The CPU is switching to t0 when a 12 us handler starts: t0, blocked, is woken at 1 ms, asks at 1 ms + s and is
     * granted then, its switch-in (4 us wake-up, 10 us switch) due to end at 1 ms + 2s + 14 us; the handler starts at
     * 1 ms + s + 5 us, in the middle of it. The CPU passes the interrupt on to t0 (at 1 ms + 2s + 5 us), which runs
     * the handler before its program when the switch is done: t0 resumes at 1 ms + 2s + 14 us + 12 us. The handler's
     * time is t0's, not lost.
     */
    @Test
    void anInterruptWhileTheCpuSwitchesToAWokenThreadRunsBeforeIt() {
        RunResult r = wokenAtOneMsWithAHandlerAt(1_005_000_000L + s);
        assertEquals(1_000_000_000 + 2 * s + 26_000_000, r.counter("test.h0.t0.resumed_ps"));
        assertEquals(12_000_000, r.counter("host.interrupted_ps"));
        assertEquals(12_000_000, r.counter("host.kernel_ps"), "run by the thread's kernel handlers");
    }

    /** t0 blocked, woken at 1 ms by the waker; a 12 us interrupt handler starts at {@code handlerPs}. */
    private RunResult wokenAtOneMsWithAHandlerAt(long handlerPs) {
        return runOnOneCpu(10 * VirtualTime.MS, (nic, cpu) -> List.of(
                new Part("t0", () -> new Worker(p, nic, cpu, 1670, true)),
                new Part("waker", () -> new OneSend(p, nic, cpu + 1, VirtualTime.MS, "go")),
                new Part("irq", () -> new OneSend(p, nic, cpu, handlerPs, new HostCpu.Interrupt(12_000_000L)))));
    }

    /** Spins (waits for messages while holding its CPU) and gives the CPU up when asked; stops after one yield. */
    static final class Spinner extends ProgramThread {
        private final boolean forever;

        Spinner(HardwareProfile p, NicParts nic, int cpu, boolean forever) {
            super(p, nic, cpu);
            this.forever = forever;
        }

        @Override
        @continuable
        protected void program() {
            while (true) {
                if (yieldIfContended()) {
                    counter("test.back_at_ps").add(now());
                    if (!forever) {
                        return;
                    }
                }
                awaitMessage(false);
            }
        }
    }

    /**
     * t0 spins from 2s (s = one LANai cycle); t1 asks for the CPU at s and has to wait, and t0 hears of it. At
     * the end of its 10 ms time slice t0 gives the CPU up (its release reaches the CPU at 2s + 10 ms + s), and t1
     * runs a context switch (10 us) and s later: at 4s + 10 ms + 10 us. t1 computes 10 us and ends; t0 has the
     * CPU back a release (s), a switch and s later: at 6s + 10 ms + 30 us.
     */
    @Test
    void aSpinningThreadGivesTheCpuUpAfterItsTimeSlice() {
        RunResult r = runOnOneCpu(100 * VirtualTime.MS, (nic, cpu) -> List.of(
                new Part("t0", () -> new Spinner(p, nic, cpu, false)),
                new Part("t1", () -> new Worker(p, nic, cpu, 1670, false))));
        assertEquals(4 * s + 10 * VirtualTime.MS + 10_000_000, r.counter("test.h0.t1.start_ps"));
        assertEquals(6 * s + 10 * VirtualTime.MS + 30_000_000, r.counter("test.back_at_ps"));
        assertEquals(1, r.counter("host.yields"));
    }

    /** Sleeps 100 us (blocked), then computes 1 us, twenty times; records when it is done. */
    static final class Sleeper extends ProgramThread {
        Sleeper(HardwareProfile p, NicParts nic, int cpu) {
            super(p, nic, cpu);
        }

        @Override
        @continuable
        protected void program() {
            for (int i = 0; i < 20; i++) {
                blockUntil(() -> false, cursor() + 100_000_000L);
                compute(167);
            }
            counter("test.sleeper_done_ps").add(now());
        }
    }

    /**
     * A thread that blocks and wakes (sleeps 100 us, works 1 us, twenty times) shares the CPU with one that spins.
     * Woken, it preempts the spinner at once: each round costs the sleep, the spinner's yield and two context
     * switches' worth of hand-offs, not a 10 ms time slice, so twenty rounds end well within 5 ms.
     */
    @Test
    void aThreadWokenFromABlockPreemptsASpinningOne() {
        RunResult r = runOnOneCpu(100 * VirtualTime.MS, (nic, cpu) -> List.of(
                new Part("sleeper", () -> new Sleeper(p, nic, cpu)),
                new Part("spinner", () -> new Spinner(p, nic, cpu, true))));
        long done = r.counter("test.sleeper_done_ps");
        assertTrue(done > 0 && done < 5 * VirtualTime.MS, "done at " + done + " ps");
    }

    /**
     * Runs one host, with no firmware of note, until {@code horizonPs}: its CPU (the host's first part, so its id
     * is the first) and the parts {@code threads} makes beside it (the first of them has the CPU's id + 1).
     */
    private RunResult runOnOneCpu(long horizonPs, BiFunction<NicParts, Integer, List<Part>> threads) {
        return Emulation.run(Cluster.build(TestNets.star(1), p, TestNets.hosts((nic, cpu) -> {
            List<Part> parts = new ArrayList<>();
            parts.add(new Part("cpu", () -> new HostCpu(p)));
            parts.addAll(threads.apply(nic, cpu));
            return parts;
        })).model(), new RuntimeSettings(3, 1, false, 0), horizonPs);
    }

    /**
     * Sends one message, at a time of the test's choosing: the waker's "go" to t0 at 1 ms, or an interrupt handler
     * of the test's length to the CPU ({@link HostCpu.Interrupt}).
     */
    static final class OneSend extends HostThread {
        private final int to;
        private final long atPs;
        private final Object message;

        OneSend(HardwareProfile p, NicParts nic, int to, long atPs, Object message) {
            super(p, nic);
            this.to = to;
            this.atPs = atPs;
            this.message = message;
        }

        @Override
        protected org.nowemu.actors.runtime.Receive createReceive() {
            return org.nowemu.actors.runtime.Receive.builder().build();
        }

        @Override
        protected void onStart() {
            send(to, atPs, message);
        }
    }
}
