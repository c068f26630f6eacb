package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.actors.time.VirtualTime;

/** Whatever a component does wrong, the run ends with a message naming it: never a hang, never a silent pass. */
@Timeout(60)
class FailureTest {
    record Go() {
    }

    /** Schedules Go at {@code at} and runs {@code action} when it fires. */
    static Supplier<Component> at(long at, Runnable action) {
        return () -> new Component() {
            @Override
            protected void onStart() {
                schedule(at, new Go());
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder().on(Go.class, g -> action.run()).build();
            }
        };
    }

    /** The failure of the run on the actor runtime; the sequential engine must fail the same way. */
    static String failureOf(ModelBuilder b, int partitions) {
        String actors = assertThrows(EmulationException.class,
                () -> Emulation.run(b.build(), new RuntimeSettings(1, partitions, false, 0), VirtualTime.NEVER)).getMessage();
        RuntimeSettings sequential = new RuntimeSettings(1, 1, false, 0).withEngine(RuntimeSettings.Engine.SEQUENTIAL);
        assertEquals(actors, assertThrows(EmulationException.class,
                () -> Emulation.run(b.build(), sequential, VirtualTime.NEVER)).getMessage(), "the sequential engine");
        return actors;
    }

    static ModelBuilder pair(Supplier<? extends Component> first) {
        ModelBuilder b = new ModelBuilder();
        b.add("bad", first);
        b.add("good", at(5, () -> { }));
        b.connect(0, 1, 10).connect(1, 0, 10);
        return b;
    }

    @Test
    void aHandlerThrowingAnErrorFailsTheRunInsteadOfHangingIt() {
        ModelBuilder b = pair(at(3, () -> {
            throw new AssertionError("invariant of the model");
        }));
        assertEquals("component bad (id 0) failed at 3ps: java.lang.AssertionError: invariant of the model", failureOf(b, 2));
    }

    @Test
    void aComponentThatCannotBeBuiltFailsTheRunAtItsStart() {
        ModelBuilder b = pair(() -> {
            throw new IllegalStateException("no such NIC profile");
        });
        assertEquals("component bad (id 0) failed at 0ps: cannot create the component: no such NIC profile", failureOf(b, 1));
    }

    @Test
    void aSendToAComponentThatDoesNotExistFailsEvenToAnyone() {
        ModelBuilder b = new ModelBuilder();
        int bad = b.add("bad", () -> new Component() {
            @Override
            protected void onStart() {
                send(99, 10, new Go());
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder().on(Go.class, g -> { }).build();
            }
        });
        b.connectToAll(bad, 10);
        assertEquals("component bad (id 0) failed at 0ps: bad (id 0) sent to component id 99, which does not exist", failureOf(b, 1));
    }

    /** A component with no messages that runs {@code action} in its onFinish. */
    interface FinishAction {
        void run(Component self);
    }

    static Supplier<Component> finishing(FinishAction action) {
        return () -> new Component() {
            @Override
            protected Receive createReceive() {
                return Receive.builder().build();
            }

            @Override
            protected void onFinish() {
                action.run(this);
            }
        };
    }

    @Test
    void aFailureInOnFinishFailsTheRun() {
        ModelBuilder b = pair(finishing(self -> {
            throw new IllegalStateException("counters do not add up");
        }));
        assertEquals("component bad (id 0) failed at 0ps: counters do not add up", failureOf(b, 2));
    }

    @Test
    void sendingFromOnFinishIsAModelError() {
        ModelBuilder b = pair(finishing(self -> self.send(1, 10, new Go())));
        assertEquals("component bad (id 0) failed at 0ps: onFinish may not send messages: the run is over", failureOf(b, 1));
    }

    @Test
    void atOneInstantTheLowestIdIsReportedWhateverOrderTheEventsCameIn() {
        // c2 and c0 both fail at 5ps; c2's event comes from c1 (key 5ps, source 1), c0's from c3 (source 3), so
        // the sequential engine meets c2's failure first and must still name c0, as the actor runtime does.
        ModelBuilder b = new ModelBuilder();
        for (int i = 0; i < 4; i++) {
            int self = i;
            b.add("c" + i, () -> new Component() {
                @Override
                protected void onStart() {
                    if (self == 1) {
                        send(2, 5, new Go());
                    } else if (self == 3) {
                        send(0, 5, new Go());
                    }
                }

                @Override
                protected Receive createReceive() {
                    return Receive.builder().on(Go.class, g -> {
                        throw new IllegalStateException("boom " + self);
                    }).build();
                }
            });
        }
        for (int i = 0; i < 4; i++) {
            b.connectToAll(i, 5);
        }
        assertEquals("component c0 (id 0) failed at 5ps: boom 0", failureOf(b, 1));
    }

    @Test
    void inOneWindowTheEarliestFailureByTimeIsReportedNotTheLowestId() {
        // Lookahead 100ps, so both failures (c3 at 5ps, c1 at 7ps) fall in the first window [0, 100ps).
        ModelBuilder b = new ModelBuilder();
        for (int i = 0; i < 4; i++) {
            long when = i == 3 ? 5 : i == 1 ? 7 : 50;
            boolean fails = i == 1 || i == 3;
            b.add("c" + i, at(when, () -> {
                if (fails) {
                    throw new IllegalStateException("boom");
                }
            }));
        }
        for (int i = 0; i < 4; i++) {
            b.connectToAll(i, 100);
        }
        for (int partitions = 1; partitions <= 4; partitions++) {
            assertEquals("component c3 (id 3) failed at 5ps: boom", failureOf(b, partitions));
        }
    }

    @Test
    void anEventExactlyAtTheHorizonIsPendingNotHandled() {
        // One component schedules events at 10, 20 and 30ps; the horizon is 20ps, so 10 is handled and the
        // two others are pending.
        ModelBuilder b = new ModelBuilder();
        b.add("tick", () -> new Component() {
            @Override
            protected void onStart() {
                schedule(10, new Go());
                schedule(20, new Go());
                schedule(30, new Go());
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder().on(Go.class, g -> { }).build();
            }
        });
        for (RuntimeSettings.Engine engine : RuntimeSettings.Engine.values()) {
            RunResult r = Emulation.run(b.build(), new RuntimeSettings(1, 1, false, 0).withEngine(engine), 20);
            assertEquals(new Invariants(3, 1, 0, 2, 0, 0), r.invariants(), engine.name());
            assertEquals(10, r.finalTimePs(), engine.name());
        }
    }
}
