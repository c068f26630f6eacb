package org.nowemu.hardware.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.support.TestNets;

/**
 * A program's waits and wake-ups on its coroutine: when it runs again in virtual time, how often its Java thread is
 * resumed for it, and that nothing of it is left running once the run is over.
 */
class ProgramThreadTest {
    private static final long US = 1_000_000L;

    /** Counts the messages that reach it; its program is the test's script. */
    abstract static class Script extends ProgramThread {
        int received;

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
        HardwareProfile p = TestNets.now("");
        AtomicReference<Script> made = new AtomicReference<>();
        RunResult r = runOneHost(p, nic -> new Script(p, nic) {
            @Override
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
        HardwareProfile p = TestNets.now("");
        AtomicReference<Script> waiting = new AtomicReference<>();
        RunResult r = runOneHost(p, nic -> new Script(p, nic) {
            @Override
            protected void program() {
                awaitMessage(false);
                mark("woken");
                blockUntil(() -> false);
                mark("never");
            }
        }, waiting, List.of(2 * US), VirtualTime.MS);
        assertEquals(2 * US, r.counter("test.woken_ps"));
        assertEquals(0, r.counter("test.never_ps"));
        assertFalse(waiting.get().programThreadAlive(), "the program's thread is still alive after the run");

        AtomicReference<Script> crashing = new AtomicReference<>();
        RunResult c = runOneHost(p, nic -> new Script(p, nic) {
            {
                crashAt(3 * US);
            }

            @Override
            protected void program() {
                awaitUntil(() -> received >= 2);
                mark("never");
            }
        }, crashing, List.of(2 * US, 4 * US), VirtualTime.MS);
        assertEquals(1, c.counter("host.crashes"));
        assertEquals(0, c.counter("test.never_ps"));
        assertTrue(crashing.get().crashed());
        assertFalse(crashing.get().programThreadAlive(), "a crashed program's thread is still alive");
    }

    /**
     * A library may run part of a program on a thread of its own that the program hands its turn to (FM 2.x runs
     * its handlers so): that thread's waits suspend the program, and the program resumes on it. The helper waits
     * for the message at 2 us, then the one at 4 us; the program goes on at 4 us. (Waking the program's own thread
     * instead of the one that waited loses the wake-up and hangs the run: the timeout turns that into a failure.)
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void aWaitOnAThreadTheProgramHandedItsTurnToResumesThere() {
        HardwareProfile p = TestNets.now("");
        AtomicReference<Script> made = new AtomicReference<>();
        RunResult r = runOneHost(p, nic -> new Script(p, nic) {
            @Override
            protected void program() {
                java.util.concurrent.Semaphore back = new java.util.concurrent.Semaphore(0);
                Thread helper = new Thread(() -> {
                    awaitMessage(false);
                    mark("helper_first");
                    awaitMessage(false);
                    mark("helper_second");
                    back.release();
                });
                helper.setDaemon(true);
                helper.start();
                back.acquireUninterruptibly();
                mark("program_again");
            }
        }, made, List.of(2 * US, 4 * US), VirtualTime.MS);
        assertEquals(2 * US, r.counter("test.helper_first_ps"));
        assertEquals(4 * US, r.counter("test.helper_second_ps"));
        assertEquals(4 * US, r.counter("test.program_again_ps"));
    }

    /** A program that throws fails the run; its thread ends with it. */
    @Test
    void aProgramThatThrowsFailsTheRun() {
        HardwareProfile p = TestNets.now("");
        AtomicReference<Script> made = new AtomicReference<>();
        Throwable failure = null;
        try {
            runOneHost(p, nic -> new Script(p, nic) {
                @Override
                protected void program() {
                    awaitMessage(false);
                    throw new IllegalStateException("the program gave up");
                }
            }, made, List.of(2 * US), VirtualTime.MS);
        } catch (RuntimeException e) {
            failure = e;
        }
        assertTrue(failure != null, "the run did not fail");
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

    private static RunResult runOneHost(HardwareProfile p, java.util.function.Function<NicParts, Script> program,
                                        AtomicReference<Script> made, List<Long> messagesAt, long horizonPs) {
        return Emulation.run(Cluster.build(TestNets.star(1), p, new HostProgram() {
            @Override
            public Firmware firmware(NicParts nic) {
                return TestNets.firmware(ctx -> { }, (ctx, e) -> { });
            }

            @Override
            public List<Part> hostParts(NicParts nic, int firstId) {
                return List.of(new Part("program", () -> {
                    Script s = program.apply(nic);
                    made.set(s);
                    return s;
                }), new Part("sender", () -> new Sender(p, nic, firstId, messagesAt)));
            }
        }).model(), new RuntimeSettings(3, 1, 1, false, 0), horizonPs);
    }
}
