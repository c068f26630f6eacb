package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.time.VirtualTime;

/**
 * Outcomes ({@link Component#outcome}): each component's own, collected by the run in component-id order, each
 * component's in the order it recorded them, whatever the virtual times, threads and partitions.
 */
class OutcomesTest {
    record Tick(int k) {
    }

    record Note(int component, int k, long at) {
    }

    record Other(int component) {
    }

    /**
     * Component i ticks three times, at (4 - i) x 10 ps, then 20 and 40 ps later, and records a Note each time
     * (plus an Other at its first tick): c0 at 40, 60, 80 ps; c1 at 30, 50, 70; c2 at 20, 40, 60; c3 at 10, 30, 50.
     * So c3 records first in virtual time and several record at one time (c0 and c2 at 40 ps), yet the notes come
     * out by component.
     */
    private static ModelBuilder model() {
        ModelBuilder b = new ModelBuilder();
        for (int i = 0; i < 4; i++) {
            int me = i;
            b.add("c" + i, () -> new Component() {
                @Override
                protected void onStart() {
                    schedule((4 - me) * 10L, new Tick(0));
                }

                @Override
                protected Receive createReceive() {
                    return Receive.builder().on(Tick.class, t -> {
                        outcome(new Note(me, t.k(), now()));
                        if (t.k() == 0) {
                            outcome(new Other(me));
                        }
                        if (t.k() < 2) {
                            schedule(20, new Tick(t.k() + 1));
                        }
                    }).build();
                }
            });
        }
        for (int i = 0; i < 4; i++) {
            b.connectToAll(i, 5);
        }
        return b;
    }

    @Test
    void outcomesComeInComponentIdOrderThenRecordOrderOnAnyThreadsAndPartitions() {
        List<Note> expected = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            long first = (4 - c) * 10L;
            for (int k = 0; k < 3; k++) {
                expected.add(new Note(c, k, first + 20L * k));
            }
        }
        for (int partitions = 1; partitions <= 4; partitions *= 2) {
            RunResult r = Emulation.run(model().build(), new RuntimeSettings(1, partitions, false, 0),
                    VirtualTime.NEVER);
            assertEquals(expected, r.outcomes(Note.class), partitions + " partitions");
            assertEquals(List.of(new Other(0), new Other(1), new Other(2), new Other(3)), r.outcomes(Other.class));
            assertEquals(List.of(), r.outcomes(String.class), "none of a class nobody recorded");
        }
    }
}
