package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.time.VirtualTime;

/**
 * A component's handlers, found by payload class ({@link Receive}) and kept for the last two classes in its cell:
 * whatever the order the classes come in, each payload reaches the handler of its class, the exact class before an
 * interface it implements.
 */
class DispatchTest {
    sealed interface Step permits A, B, C, D {
        int k();
    }

    record A(int k) implements Step {
    }

    record B(int k) implements Step {
    }

    record C(int k) implements Step {
    }

    record D(int k) implements Step {
    }

    record Handled(String by, int k) {
    }

    record Unknown(int k) {
    }

    /** The classes of the payloads at ticks 1, 2, 3...: one class kept, then two in turn, then three in turn. */
    private static final List<Class<?>> ORDER = List.of(A.class, A.class, B.class, A.class, B.class, C.class,
            A.class, B.class, C.class, D.class, D.class, C.class, A.class);

    /**
     * One component that schedules itself payloads of the classes in ORDER, 10 ps apart, and records which handler
     * took each: A, B and C have handlers of their own, D only the interface Step's. {@code unknownAt}, if within
     * the run, sends an Unknown at that tick instead, which no handler takes.
     */
    private static ModelBuilder model(int unknownAt) {
        ModelBuilder b = new ModelBuilder();
        b.add("c", () -> new Component() {
            @Override
            protected void onStart() {
                schedule(10, payload(0));
            }

            private Object payload(int k) {
                if (k == unknownAt) {
                    return new Unknown(k);
                }
                Class<?> c = ORDER.get(k);
                return c == A.class ? new A(k) : c == B.class ? new B(k) : c == C.class ? new C(k) : new D(k);
            }

            private void took(String by, int k) {
                outcome(new Handled(by, k));
                if (k + 1 < ORDER.size()) {
                    schedule(10, payload(k + 1));
                }
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder()
                        .on(Step.class, s -> took("Step", s.k()))
                        .on(A.class, a -> took("A", a.k()))
                        .on(B.class, x -> took("B", x.k()))
                        .on(C.class, x -> took("C", x.k()))
                        .build();
            }
        });
        b.connectToAll(0, 10);
        return b;
    }

    @Test
    void eachPayloadReachesTheHandlerOfItsClassWhateverTheOrder() {
        // Worked out from ORDER: D has no handler of its own and goes to Step's, listed first but only a supertype.
        List<Handled> expected = List.of(new Handled("A", 0), new Handled("A", 1), new Handled("B", 2),
                new Handled("A", 3), new Handled("B", 4), new Handled("C", 5), new Handled("A", 6),
                new Handled("B", 7), new Handled("C", 8), new Handled("Step", 9), new Handled("Step", 10),
                new Handled("C", 11), new Handled("A", 12));
        RuntimeSettings sequential = new RuntimeSettings(1, 1, false, 0).withEngine(RuntimeSettings.Engine.SEQUENTIAL);
        RunResult s = Emulation.run(model(-1).build(), sequential, VirtualTime.NEVER);
        assertEquals(expected, s.outcomes(Handled.class));
        RunResult a = Emulation.run(model(-1).build(), new RuntimeSettings(1, 1, false, 0), VirtualTime.NEVER);
        assertEquals(expected, a.outcomes(Handled.class), "the actor runtime");
        assertEquals(s.digest(), a.digest());
    }

    @Test
    void aPayloadWithoutAHandlerAmongKeptClassesFailsNamingItsClass() {
        // Ticks 0..5 bring A, A, B, A, B, C: A and B are kept when the Unknown comes at tick 6 (10 ps x 7 = 70 ps).
        EmulationException e = assertThrows(EmulationException.class, () -> Emulation.run(model(6).build(),
                new RuntimeSettings(1, 1, false, 0).withEngine(RuntimeSettings.Engine.SEQUENTIAL), VirtualTime.NEVER));
        assertEquals("component c (id 0) failed at 70ps: no handler for a message of class " + Unknown.class.getName(),
                e.getMessage());
    }
}
