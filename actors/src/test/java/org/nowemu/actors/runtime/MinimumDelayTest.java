package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.actors.time.VirtualTime;

@Timeout(60)
class MinimumDelayTest {
    record Hello() {
    }

    static Component sendingAfter(long delay, int target) {
        return new Component() {
            @Override
            protected void onStart() {
                send(target, delay, new Hello());
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder().on(Hello.class, h -> { }).build();
            }
        };
    }

    @Test
    void aSendBelowTheDeclaredMinimumDelayFailsNamingBothComponentsAndTheDelays() {
        ModelBuilder b = new ModelBuilder();
        b.add("nic-3", () -> sendingAfter(400, 1));
        b.add("link-7", () -> sendingAfter(1000, 0));
        b.connect(0, 1, 1000).connect(1, 0, 1000);
        EmulationException e = assertThrows(EmulationException.class,
                () -> Emulation.run(b.build(), new RuntimeSettings(1, 2, false, 0), VirtualTime.NEVER));
        assertEquals("component nic-3 (id 0) failed at 0ps: nic-3 (id 0) sent to link-7 (id 1) with delay 400ps (400ps),"
                + " below the declared minimum delay 1.000ns (1000ps) of that connection", e.getMessage());
    }

    @Test
    void aSendWithoutADeclaredConnectionFails() {
        ModelBuilder b = new ModelBuilder();
        b.add("a", () -> sendingAfter(5000, 1));
        b.add("b", () -> sendingAfter(5000, 0));
        b.connect(1, 0, 1000);
        EmulationException e = assertThrows(EmulationException.class,
                () -> Emulation.run(b.build(), new RuntimeSettings(1, 1, false, 0), VirtualTime.NEVER));
        assertEquals("component a (id 0) failed at 0ps: a (id 0) sent to b (id 1) without a declared connection", e.getMessage());
    }

    /** Sends to {@code targets}, each after its own delay, all at the start. */
    static Component sendingTo(int[] targets, long[] delays) {
        return new Component() {
            @Override
            protected void onStart() {
                for (int i = 0; i < targets.length; i++) {
                    send(targets[i], delays[i], new Hello());
                }
            }

            @Override
            protected Receive createReceive() {
                return Receive.builder().on(Hello.class, h -> { }).build();
            }
        };
    }

    /**
     * A sender with 40 connections (more than any cache of recent targets holds), minimum delay 100 ps times the
     * target's id: each send exactly at its own connection's minimum is accepted, in any order of targets, and
     * one a picosecond below it fails naming that connection's minimum, whichever of the 40 it is.
     */
    @Test
    void eachOfManyConnectionsIsCheckedAgainstItsOwnMinimum() {
        int n = 40;
        int[] order = new int[n];
        long[] delays = new long[n];
        for (int i = 0; i < n; i++) {
            order[i] = 1 + (i * 17) % n; // every target 1..40 once, scattered
            delays[i] = 100L * order[i];
        }
        assertEquals(n, Emulation.run(manyTargets(order, delays), new RuntimeSettings(1, 1, false, 0),
                VirtualTime.NEVER).events());
        delays[23] -= 1; // order[23] = 1 + 391 % 40 = 32: its minimum is 3,200 ps
        EmulationException e = assertThrows(EmulationException.class, () -> Emulation.run(manyTargets(order, delays),
                new RuntimeSettings(1, 1, false, 0), VirtualTime.NEVER));
        assertEquals("component s (id 0) failed at 0ps: s (id 0) sent to t32 (id 32) with delay 3.199ns (3199ps),"
                + " below the declared minimum delay 3.200ns (3200ps) of that connection", e.getMessage());
    }

    private static Model manyTargets(int[] order, long[] delays) {
        ModelBuilder b = new ModelBuilder();
        b.add("s", () -> sendingTo(order, delays));
        for (int t = 1; t <= order.length; t++) {
            b.add("t" + t, () -> sendingTo(new int[0], new long[0]));
            b.connect(0, t, 100L * t);
        }
        return b.build();
    }

    @Test
    void whenSeveralComponentsFailTheEarliestByTimeThenIdIsReported() {
        ModelBuilder b = new ModelBuilder();
        for (int i = 0; i < 6; i++) {
            int target = (i + 1) % 6;
            b.add("c" + i, () -> sendingAfter(10, target));
        }
        for (int i = 0; i < 6; i++) {
            b.connect(i, (i + 1) % 6, 100);
        }
        for (int p = 1; p <= 3; p++) {
            RuntimeSettings s = new RuntimeSettings(1, p, false, 0);
            EmulationException e = assertThrows(EmulationException.class,
                    () -> Emulation.run(b.build(), s, VirtualTime.NEVER));
            assertTrue(e.getMessage().startsWith("component c0 (id 0) failed at 0ps: c0 (id 0) sent to c1 (id 1)"), e.getMessage());
        }
    }
}
