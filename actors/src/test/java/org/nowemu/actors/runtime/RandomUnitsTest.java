package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A lane's share is one unit: its components handle their events from one calendar and deliver to each other at
 * once. Over random topologies, delays and placement groups, every component must handle its events in exactly
 * the order of the sequential engine, whatever the lanes, with the lanes set or chosen by the planner after a
 * pilot (which rebuilds the lanes twice, from one to several and possibly back). The digest hashes each
 * component's events in the order it handled them, so equal digests say the orders are equal; a component handed
 * an event earlier than one it already handled fails the run ("causality broken"), and each relay also checks by
 * itself that the times it sees never go back. Groups are drawn at random, not along connections, so a share may
 * hold components that never talk to each other, components whose only way to each other leaves the share and
 * comes back, and connections of every length inside and into it.
 */
@Timeout(180)
class RandomUnitsTest {

    /** A message that travels {@code hops} more times. */
    record Hop(int hops, long tag) {
    }

    /** Passes hops on along random connections with random extra delay (often none: ties of time), or to itself. */
    static final class Relay extends Component {
        private final int[] targets;
        private final long[] delays;
        private final int starts;
        private long last = -1;

        Relay(int[] targets, long[] delays, int starts) {
            this.targets = targets;
            this.delays = delays;
            this.starts = starts;
        }

        @Override
        protected void onStart() {
            for (int i = 0; i < starts; i++) {
                schedule(random().nextLong(500), new Hop(60, id() * 100L + i));
            }
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Hop.class, h -> {
                if (now() < last) {
                    throw new IllegalStateException("time went back from " + last + " to " + now());
                }
                last = now();
                counter("hops").increment();
                if (h.hops() == 0) {
                    return;
                }
                Hop next = new Hop(h.hops() - 1, h.tag() * 31 + now() + sender());
                int r = random().nextInt(targets.length + 2);
                long extra = random().nextInt(3) == 0 ? 0 : random().nextLong(300);
                if (r >= targets.length) {
                    schedule(random().nextInt(4) == 0 ? 0 : extra, next); // zero-delay steps of its own too
                } else {
                    send(targets[r], delays[r] + extra, next);
                }
                if (random().nextInt(8) == 0) {
                    // A burst: two messages to the same target in one handler, distinct keys at one time.
                    int t = random().nextInt(targets.length);
                    send(targets[t], delays[t], new Hop(Math.min(3, h.hops() - 1), h.tag()));
                }
            }).build();
        }
    }

    private static Model randomModel(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = 8 + rnd.nextInt(30);
        ModelBuilder b = new ModelBuilder();
        int[][] targets = new int[n][];
        long[][] delays = new long[n][];
        for (int id = 0; id < n; id++) {
            int k = 1 + rnd.nextInt(4);
            TreeSet<Integer> ts = new TreeSet<>();
            while (ts.size() < k) {
                int t = rnd.nextInt(n);
                if (t != id) {
                    ts.add(t);
                }
            }
            targets[id] = ts.stream().mapToInt(Integer::intValue).toArray();
            delays[id] = new long[k];
            for (int i = 0; i < k; i++) {
                // Mostly short hops, some long: horizons and units' entries of every length.
                delays[id][i] = rnd.nextInt(4) == 0 ? 1_000 + rnd.nextLong(20_000) : 20 + rnd.nextLong(200);
            }
        }
        int groups = 1 + rnd.nextInt(Math.max(1, n / 3));
        for (int id = 0; id < n; id++) {
            int[] t = targets[id];
            long[] d = delays[id];
            int starts = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(3) : 0;
            // Names as node.part, nodes at random: the node units split the groups differently.
            b.add("n" + rnd.nextInt(Math.max(1, n / 4)) + ".r" + id, () -> new Relay(t, d, starts));
            // About one in five on its own, the rest in random groups.
            if (rnd.nextInt(5) != 0) {
                b.group(id, rnd.nextInt(groups));
            }
        }
        for (int id = 0; id < n; id++) {
            for (int i = 0; i < targets[id].length; i++) {
                b.connect(id, targets[id][i], delays[id][i]);
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void everyComponentHandlesItsEventsInTheOrderOfTheSequentialEngine(long seed) {
        Model model = randomModel(seed);
        long horizon = 2_000_000;
        RuntimeSettings base = new RuntimeSettings(seed, 1, false, 0);
        RunResult oracle = Emulation.run(model, base.withEngine(RuntimeSettings.Engine.SEQUENTIAL), horizon);
        assertTrue(oracle.events() > 100, "the model does something: " + oracle.events());
        for (int lanes : new int[] {1, 2, 3, 5}) {
            check(oracle, Emulation.run(model, base.withThreads(lanes), horizon), lanes + " lanes");
        }
        // The planner, on 2 and 4 cores, after pilots of 40 events each: lanes rebuilt mid-run. A barrier of 1 ns
        // keeps the lanes; one of a second takes them (least speed-up 0) and, after the next 40 events they run,
        // takes them back to one lane.
        for (double barrier : new double[] {1, 1e9}) {
            RuntimeSettings planned = base.withThreads(0).withPlanner(new Planner(40, barrier, 300_000, 100, 0, 0));
            for (int cores : new int[] {2, 4}) {
                RunResult r = Emulation.run(model, planned, horizon, com.typesafe.config.ConfigFactory.load(),
                        new RunProgress(), cores);
                check(oracle, r, "planned on " + cores + " cores (" + r.runtime().choice() + ")");
            }
        }
    }

    private static void check(RunResult oracle, RunResult r, String what) {
        assertEquals(oracle.digest(), r.digest(), what);
        assertEquals(oracle.events(), r.events(), what);
        assertEquals(oracle.counter("hops"), r.counter("hops"), what);
        assertEquals(oracle.invariants(), r.invariants(), what);
    }
}
