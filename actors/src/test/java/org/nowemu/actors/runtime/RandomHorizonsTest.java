package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Safe horizons over random topologies and delays: a run with horizons must handle every component's events in
 * exactly the order of the run with fixed one-lookahead windows, whatever the threads and partitions, or a
 * component would have handled an event before one with a smaller key reached it. The digest hashes each
 * component's events in the order it handled them, so equal digests say the orders are equal; a component
 * handed an event earlier than one it already handled fails the run ("causality broken").
 */
@Timeout(120)
class RandomHorizonsTest {

    /** A message that travels {@code hops} more times. */
    record Hop(int hops, long tag) {
    }

    /** Passes hops on along random connections with random extra delay (often none: ties of time), or to itself. */
    static final class Relay extends Component {
        private final int[] targets;
        private final long[] delays;
        private final int starts;

        Relay(int[] targets, long[] delays, int starts) {
            this.targets = targets;
            this.delays = delays;
            this.starts = starts;
        }

        @Override
        protected void onStart() {
            for (int i = 0; i < starts; i++) {
                schedule(random().nextLong(500), new Hop(40, id() * 100L + i));
            }
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Hop.class, h -> {
                counter("hops").increment();
                if (h.hops() == 0) {
                    return;
                }
                Hop next = new Hop(h.hops() - 1, h.tag() * 31 + now());
                int r = random().nextInt(targets.length + 2);
                long extra = random().nextInt(3) == 0 ? 0 : random().nextLong(300);
                if (r >= targets.length) {
                    schedule(extra, next); // a step of its own, like a LANai's cycle-charged work
                } else {
                    send(targets[r], delays[r] + extra, next);
                }
            }).build();
        }
    }

    private static Model randomModel(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = 6 + rnd.nextInt(20);
        ModelBuilder b = new ModelBuilder();
        int[][] targets = new int[n][];
        long[][] delays = new long[n][];
        for (int id = 0; id < n; id++) {
            int k = 1 + rnd.nextInt(3);
            java.util.TreeSet<Integer> ts = new java.util.TreeSet<>();
            while (ts.size() < k) {
                int t = rnd.nextInt(n);
                if (t != id) {
                    ts.add(t);
                }
            }
            targets[id] = ts.stream().mapToInt(Integer::intValue).toArray();
            delays[id] = new long[k];
            for (int i = 0; i < k; i++) {
                // Mostly short hops, some long: the spread that lets horizons differ from one lookahead.
                delays[id][i] = rnd.nextInt(4) == 0 ? 1_000 + rnd.nextLong(20_000) : 20 + rnd.nextLong(200);
            }
        }
        for (int id = 0; id < n; id++) {
            int[] t = targets[id];
            long[] d = delays[id];
            int starts = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(3) : 0;
            b.add("r" + id, () -> new Relay(t, d, starts));
        }
        for (int id = 0; id < n; id++) {
            for (int i = 0; i < targets[id].length; i++) {
                b.connect(id, targets[id][i], delays[id][i]);
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void horizonsHandleEveryEventInTheOrderOfFixedWindows(long seed) {
        Model model = randomModel(seed);
        RunResult fixed = Emulation.run(model, new RuntimeSettings(seed, 1, 1, false, 0).withHorizon(0, 1),
                1_000_000);
        assertTrue(fixed.events() > 0);
        for (int[] tp : new int[][] {{1, 1}, {2, 1}, {1, 3}, {2, 3}}) {
            for (long[] reach : new long[][] {{10_000_000, 64}, {500, 2}, {100_000, 1}}) {
                RuntimeSettings s = new RuntimeSettings(seed, tp[0], tp[1], false, 0).withHorizon(reach[0], (int) reach[1]);
                RunResult r = Emulation.run(model, s, 1_000_000);
                String what = "threads " + tp[0] + ", partitions " + tp[1] + ", reach " + reach[0] + ", sources " + reach[1];
                assertEquals(fixed.digest(), r.digest(), what);
                assertEquals(fixed.events(), r.events(), what);
                assertEquals(fixed.counter("hops"), r.counter("hops"), what);
                assertTrue(r.windows() <= fixed.windows(), what + ": " + r.windows() + " windows against " + fixed.windows());
            }
        }
    }
}
