package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Units worked by hand. a and b play ping-pong over a 10ps connection, 100 strokes from t = 0: a handles strokes
 * 0, 2, ..., 98 at 0, 20, ..., 980 and b strokes 1, ..., 99 at 10, ..., 990. c, on its own, sends b a tick at 1000,
 * 2000 and 3000 over a 1000ps connection (at 2000, 3000, 4000; the last at the run's horizon, left pending).
 */
@Timeout(60)
class UnitsTest {
    private static final int A = 0, B = 1, C = 2;

    record Stroke(int n) {
    }

    record Tick(int n) {
    }

    static final class Player extends Component {
        private final int other;

        Player(int other) {
            this.other = other;
        }

        @Override
        protected void onStart() {
            if (id() == A) {
                schedule(0, new Stroke(0));
            }
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder()
                    .on(Stroke.class, s -> {
                        counter("strokes").increment();
                        if (s.n() < 99) {
                            send(other, 10, new Stroke(s.n() + 1));
                        }
                    })
                    .on(Tick.class, t -> counter("ticks").increment())
                    .build();
        }
    }

    static final class Ticker extends Component {
        @Override
        protected void onStart() {
            schedule(1_000, new Tick(1));
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Tick.class, t -> {
                send(B, 1_000, t);
                if (t.n() < 3) {
                    schedule(1_000, new Tick(t.n() + 1));
                }
            }).build();
        }
    }

    private static Model model() {
        ModelBuilder b = new ModelBuilder();
        b.add("a", () -> new Player(B));
        b.add("b", () -> new Player(A));
        b.add("c", Ticker::new);
        return b.group(A, 7).group(B, 7).connect(A, B, 10).connect(B, A, 10).connect(C, B, 1_000).build();
    }

    @Test
    void unitsFollowTheGroupsCutToThePartition() {
        Model m = model();
        Units all = Units.of(m, new int[] {A, B, C}, RuntimeSettings.UnitPolicy.GROUP);
        assertEquals(2, all.count());
        assertArrayEquals(new int[] {0, 1}, all.members(0));
        assertArrayEquals(new int[] {2}, all.members(1));
        // A partition holding only b and c: b's group is cut to b.
        Units cut = Units.of(m, new int[] {B, C}, RuntimeSettings.UnitPolicy.GROUP);
        assertEquals(2, cut.count());
        assertEquals(2, Units.of(m, new int[] {A, B}, RuntimeSettings.UnitPolicy.NONE).count());
    }

    @Test
    void nodeUnitsSplitAGroupByTheNodePartOfTheNames() {
        ModelBuilder b = new ModelBuilder();
        for (String n : new String[] {"s0.p0", "s0.p1", "h0.lanai", "h0.send", "h1.lanai", "loner", "s0.p2"}) {
            b.add(n, () -> new Ticker());
        }
        // All but the loner in group 3, except s0.p2 in group 4: same node name, another group.
        for (int id : new int[] {0, 1, 2, 3, 4}) {
            b.group(id, 3);
        }
        b.group(6, 4);
        Model m = b.connect(0, 1, 10).build();
        Units u = Units.of(m, new int[] {0, 1, 2, 3, 4, 5, 6}, RuntimeSettings.UnitPolicy.NODE);
        // {s0.p0, s0.p1}, {h0.lanai, h0.send}, {h1.lanai}, {loner}, {s0.p2}, numbered by their first member.
        assertEquals(5, u.count());
        assertArrayEquals(new int[] {0, 1}, u.members(0));
        assertArrayEquals(new int[] {2, 3}, u.members(1));
        assertArrayEquals(new int[] {4}, u.members(2));
        assertArrayEquals(new int[] {5}, u.members(3));
        assertArrayEquals(new int[] {6}, u.members(4));
        // By group instead: {0..4}, {loner}, {s0.p2}.
        assertEquals(3, Units.of(m, new int[] {0, 1, 2, 3, 4, 5, 6}, RuntimeSettings.UnitPolicy.GROUP).count());
    }

    @Test
    void aUnitsBallStartsFromTheConnectionsThatEnterIt() {
        Units u = Units.of(model(), new int[] {A, B, C}, RuntimeSettings.UnitPolicy.GROUP);
        Horizons h = new Horizons(model(), new int[] {A, B, C}, u, 1_000_000, 64);
        // Into {a, b}: only c -> b (1000); a and b's connections to each other are no way in.
        assertArrayEquals(new long[][] {{C, 1_000}}, h.ball(0));
        // Into c: nothing.
        assertArrayEquals(new long[][] {}, h.ball(1));
    }

    @Test
    void aRallyInsideAUnitTakesOneActivationInsteadOfOneAHop() {
        Model m = model();
        RuntimeSettings s = new RuntimeSettings(1, 1, 1, false, 0);
        RunResult units = Emulation.run(m, s.withUnits(RuntimeSettings.UnitPolicy.GROUP), 4_000);
        RunResult alone = Emulation.run(m, s.withUnits(RuntimeSettings.UnitPolicy.NONE), 4_000);
        RunResult oracle = Emulation.run(m, s.withEngine(RuntimeSettings.Engine.SEQUENTIAL), 4_000);
        for (RunResult r : new RunResult[] {units, alone}) {
            assertEquals(oracle.digest(), r.digest());
            assertEquals(100, r.counter("strokes"));
            assertEquals(2, r.counter("ticks"));
            assertEquals(1, r.invariants().pending());
        }
        // With units: c's first tick is due at 1000 and reaches b no earlier than 2000, so {a, b} runs its whole
        // rally (0..990) in the first window; nothing reaches c, so it runs up to the run's horizon (4000) in it
        // too, ticking at 1000, 2000 and 3000. In the second window c has nothing left and {a, b} takes the ticks
        // at 2000 and 3000 (the one at 4000 stays pending). Two windows; activations 2 at the start + 2 + 1.
        assertEquals(2, units.windows());
        assertEquals(5, units.activations());
        // Without units every stroke waits for a barrier: at least one window per stroke.
        assertEquals(true, alone.windows() >= 100, alone.windows() + " windows");
    }

    @Test
    void failuresInsideAUnitAreReportedAsWithoutUnits() {
        // The two cases of FailureTest with the four components in one unit. At one instant: c2's event (from c1)
        // comes before c0's (from c3) in the unit's key order, and c0, the lowest id, is still the one named.
        ModelBuilder same = new ModelBuilder();
        for (int i = 0; i < 4; i++) {
            int self = i;
            same.add("c" + i, () -> new Component() {
                @Override
                protected void onStart() {
                    if (self == 1) {
                        send(2, 5, new FailureTest.Go());
                    } else if (self == 3) {
                        send(0, 5, new FailureTest.Go());
                    }
                }

                @Override
                protected Receive createReceive() {
                    return Receive.builder().on(FailureTest.Go.class, g -> {
                        throw new IllegalStateException("boom " + self);
                    }).build();
                }
            });
            same.group(i, 0).connectToAll(i, 5);
        }
        assertEquals("component c0 (id 0) failed at 5ps: boom 0", FailureTest.failureOf(same, 1));
        // In one activation: c3 fails at 5ps, c1 at 7ps; the earliest by time is named.
        ModelBuilder apart = new ModelBuilder();
        for (int i = 0; i < 4; i++) {
            long when = i == 3 ? 5 : i == 1 ? 7 : 50;
            boolean fails = i == 1 || i == 3;
            apart.add("c" + i, FailureTest.at(when, () -> {
                if (fails) {
                    throw new IllegalStateException("boom");
                }
            }));
            apart.group(i, 0).connectToAll(i, 100);
        }
        for (int partitions = 1; partitions <= 2; partitions++) {
            assertEquals("component c3 (id 3) failed at 5ps: boom", FailureTest.failureOf(apart, partitions));
        }
    }
}
