package org.nowemu.hardware.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;

/**
 * A program's waits and wake-ups on its coroutine: when it runs again in virtual time, how often its Java thread is
 * resumed for it, and that nothing of it is left running once the run is over.
 */
class ProgramThreadTest {
    private static final long US = 1_000_000L;

    /** The NOW hardware every test here runs its one host on. */
    private final HardwareProfile p = TestNets.now("");

    /** Counts the messages that reach it; its program is the test's script. */
    abstract static class Script extends ProgramThread {
        int received;
        final java.util.Set<String> threadsSeen = new java.util.TreeSet<>();

        Script(HardwareProfile p, NicParts nic) {
            super(p, nic);
        }

        void mark(String what) {
            counter("test." + what + "_ps").add(now());
        }

        @Override
        protected void onMessage(Object message) {
            received++;
        }
    }

    /**
     * The CPU runs at 167 MHz: 167 cycles are 1 us. A sender posts three messages to the program at 2, 4 and 6 us.
     * The program computes 1 us and catches up: it runs again at 1 us. It waits for the next message: 2 us. It
     * waits until it has all three: the message at 4 us does not resume it (the condition is checked on the
     * component's side), the one at 6 us does. It computes 2 us and catches up: 8 us. Waits: the catch-up, the
     * message, the condition's first wait, its second (at 4 us, skipped) and the last catch-up: 5, of which one did
     * not resume the thread, so the thread was resumed 1 (its start) + 5 - 1 = 5 times.
     */
    @Test
    void wakeUpsFollowVirtualTimeAndAConditionResumesTheProgramOnlyOnceItHolds() {
        AtomicReference<Script> made = new AtomicReference<>();
        RunResult r = runOneHost(p, nic -> new Script(p, nic) {
            @Override
            @continuable
            protected void program() {
                compute(167);
                catchUp();
                mark("caught_up");
                awaitMessage(false);
                mark("first_message");
                awaitUntil(() -> received >= 3);
                mark("all_three");
                compute(334);
                catchUp();
                mark("done");
            }
        }, made, List.of(2 * US, 4 * US, 6 * US), VirtualTime.MS);
        assertEquals(1 * US, r.counter("test.caught_up_ps"));
        assertEquals(2 * US, r.counter("test.first_message_ps"));
        assertEquals(6 * US, r.counter("test.all_three_ps"));
        assertEquals(8 * US, r.counter("test.done_ps"));
        assertEquals(5, r.counter("host.waits"));
        assertEquals(1, made.get().waitsSkipped());
        assertEquals(5, made.get().resumes());
    }

    /**
     * A program blocked for good when the run ends (at 1 ms) and one whose process crashed while it waited (at
     * 3 us) are unwound: neither leaves its Java thread alive, and neither runs past the point where it waited.
     */
    @Test
    void aProgramSuspendedWhenTheRunEndsOrItsProcessCrashesLeavesNoThreadBehind() {
        AtomicReference<Script> waiting = new AtomicReference<>();
        RunResult r = runOneHost(p, nic -> new Script(p, nic) {
            @Override
            @continuable
            protected void program() {
                awaitMessage(false);
                mark("woken");
                blockUntil(() -> false);
                mark("never");
            }
        }, waiting, List.of(2 * US), VirtualTime.MS);
        assertEquals(2 * US, r.counter("test.woken_ps"));
        assertEquals(0, r.counter("test.never_ps"));
        assertFalse(waiting.get().programHeld(), "the program is still held after the run");

        AtomicReference<Script> crashing = new AtomicReference<>();
        RunResult c = runOneHost(p, nic -> new Script(p, nic) {
            {
                crashAt(3 * US);
            }

            @Override
            @continuable
            protected void program() {
                awaitUntil(() -> received >= 2);
                mark("never");
            }
        }, crashing, List.of(2 * US, 4 * US), VirtualTime.MS);
        assertEquals(1, c.counter("host.crashes"));
        assertEquals(0, c.counter("test.never_ps"));
        assertTrue(crashing.get().crashed());
        assertFalse(crashing.get().programHeld(), "a crashed program is still held");
    }

    /**
     * A library may run part of a program as a task with a stack of its own (FM 2.x runs its handlers so,
     * {@link InnerTask}): the task's waits are the program's, and the program goes on in the task where it waited.
     * The task waits for the message at 2 us, then blocks; the program waits for the one at 4 us and resumes the
     * task, which waits once more (6 us) and ends; the program goes on at 6 us. Program and task never both run.
     */
    @Test
    void aTaskInsideAProgramWaitsAsTheProgramAndBlocksBackToIt() {
        RunResult r = runOneHost(p, nic -> new Script(p, nic) {
            @Override
            @continuable
            protected void program() {
                InnerTask task = new InnerTask(new InnerTask.Body() {
                    @Override
                    @continuable
                    public void run() {
                        awaitMessage(false);
                        mark("task_first");
                        InnerTask.block();
                        mark("task_resumed");
                        awaitMessage(false);
                        mark("task_second");
                    }
                });
                task.resume();
                mark("program_after_block");
                awaitMessage(false);
                mark("program_waited");
                task.resume();
                mark("program_after_end");
                assertTrue(task.done());
            }
        }, new AtomicReference<>(), List.of(2 * US, 4 * US, 6 * US), VirtualTime.MS);
        assertEquals(2 * US, r.counter("test.task_first_ps"));
        assertEquals(2 * US, r.counter("test.program_after_block_ps"));
        assertEquals(4 * US, r.counter("test.program_waited_ps"));
        assertEquals(4 * US, r.counter("test.task_resumed_ps"));
        assertEquals(6 * US, r.counter("test.task_second_ps"));
        assertEquals(6 * US, r.counter("test.program_after_end_ps"));
    }

    /**
     * A program's waits cost no thread switch: it runs on the Java thread that resumed it, and the JVM starts no
     * thread for it. 64 programs on the same host wait 20 times each (a 1 us compute and a catch-up): 1,280 waits,
     * each on the thread of its component; and on the sequential engine, which starts no thread of its own, the JVM
     * starts (nearly) none during the run, where a thread per program, as before, would have started 64.
     */
    @Test
    void waitsCostNoThreadSwitchAndNoThreadIsStartedForAProgram() {
        List<Script> made = new java.util.ArrayList<>();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        RunResult r = Emulation.run(sixtyFourPrograms(p, made).model(), new RuntimeSettings(3, 1, false, 0),
                VirtualTime.MS);
        assertEquals(64 * 20, r.counter("host.waits"));
        long resumes = 0;
        java.util.TreeSet<String> ranOn = new java.util.TreeSet<>();
        for (Script s : made) {
            resumes += s.resumes();
            ranOn.addAll(s.threadsSeen);
        }
        assertEquals(64 * 21, resumes, "each program started once and resumed after each wait");
        assertEquals(0, r.counter("host.handoffs"), "a wait found a program on another thread than its component's");
        // Every step of the 64 programs ran on the one thread of this one-lane run, none on a thread of its own.
        assertEquals(1, ranOn.size(), "threads the programs ran on: " + ranOn);
        // The sequential engine starts no thread of its own: any thread started now would be a program's.
        RuntimeSettings sequential = new RuntimeSettings(3, 1, false, 0).withEngine(RuntimeSettings.Engine.SEQUENTIAL);
        long started = threads.getTotalStartedThreadCount();
        Emulation.run(sixtyFourPrograms(p, new java.util.ArrayList<>()).model(), sequential, VirtualTime.MS);
        // The JVM may start a thread of its own meanwhile (the previous run's shutdown, a cleaner): a few, not 64.
        long during = threads.getTotalStartedThreadCount() - started;
        assertTrue(during < 8, "threads started during a run of 64 programs: " + during);
    }

    /** 64 programs on one host, each computing 1 us and catching up 20 times; {@code made} collects them. */
    private static Cluster sixtyFourPrograms(HardwareProfile p, List<Script> made) {
        return Cluster.build(TestNets.star(1), p, TestNets.hosts((nic, firstId) -> {
            List<Part> parts = new java.util.ArrayList<>();
            for (int k = 0; k < 64; k++) {
                parts.add(new Part("program" + k, () -> {
                    Script s = new Script(p, nic) {
                        @Override
                        @continuable
                        protected void program() {
                            for (int i = 0; i < 20; i++) {
                                compute(167);
                                catchUp();
                                threadsSeen.add(Thread.currentThread().getName());
                            }
                        }
                    };
                    made.add(s);
                    return s;
                }));
            }
            return parts;
        }));
    }

    /**
     * A method on the way to a wait that was not marked {@code @continuable} is not rewritten, so it runs on past the
     * wait while the program's frames are being saved; the next thing the program does on the host (here, compute)
     * fails the run, naming the cause, instead of acting at the wrong virtual time.
     */
    @Test
    void aMethodLeftUnmarkedOnTheWayToAWaitFailsTheRun() {
        RuntimeException failure = runFails(p, nic -> new Script(p, nic) {
            @Override
            @continuable
            protected void program() {
                unmarked();
                compute(167);
                catchUp();
            }

            void unmarked() {
                compute(167);
                catchUp();
            }
        }, List.of());
        String all = String.valueOf(failure.getMessage()) + " " + failure.getCause();
        assertTrue(all.contains("not @continuable"), all);
    }

    /** A program that throws fails the run; its thread ends with it. */
    @Test
    void aProgramThatThrowsFailsTheRun() {
        RuntimeException failure = runFails(p, nic -> new Script(p, nic) {
            @Override
            @continuable
            protected void program() {
                awaitMessage(false);
                throw new IllegalStateException("the program gave up");
            }
        }, List.of(2 * US));
        assertTrue(String.valueOf(failure.getMessage()).contains("the program gave up")
                || String.valueOf(failure.getCause()).contains("the program gave up"), String.valueOf(failure));
    }

    /** Sends the program a message at each of the given times. */
    static final class Sender extends HostThread {
        private final int target;
        private final List<Long> at;

        Sender(HardwareProfile p, NicParts nic, int target, List<Long> at) {
            super(p, nic);
            this.target = target;
            this.at = at;
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().build();
        }

        @Override
        protected void onStart() {
            for (long t : at) {
                send(target, t, "m" + t);
            }
        }
    }

    /** What failed the run of {@code program} (messages sent it at {@code messagesAt}) within 1 ms: it must fail. */
    private static RuntimeException runFails(HardwareProfile p, java.util.function.Function<NicParts, Script> program,
                                             List<Long> messagesAt) {
        return assertThrows(RuntimeException.class,
                () -> runOneHost(p, program, new AtomicReference<>(), messagesAt, VirtualTime.MS), "the run did not fail");
    }

    private static RunResult runOneHost(HardwareProfile p, java.util.function.Function<NicParts, Script> program,
                                        AtomicReference<Script> made, List<Long> messagesAt, long horizonPs) {
        return Emulation.run(Cluster.build(TestNets.star(1), p, TestNets.hosts((nic, firstId) -> List.of(
                new Part("program", () -> {
                    Script s = program.apply(nic);
                    made.set(s);
                    return s;
                }), new Part("sender", () -> new Sender(p, nic, firstId, messagesAt))))).model(),
                new RuntimeSettings(3, 1, false, 0), horizonPs);
    }
}
