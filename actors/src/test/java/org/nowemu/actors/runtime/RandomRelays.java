package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * What the random-topology runtime tests share: the message that relays pass on, the relays' common state and
 * start, the draw of a relay's targets, and the check that a run handled its events as the sequential engine did.
 * Each test keeps its own relay behaviour and topology; only the pieces that are the same live here.
 */
final class RandomRelays {
    private RandomRelays() {
    }

    /** A message that travels {@code hops} more times. */
    record Hop(int hops, long tag) {
    }

    /** How a relay starts: {@code count} hops at random times below {@code spreadPs}, each to travel {@code hops}. */
    record Starts(int count, long spreadPs, int hops, long tagsPerRelay) {
    }

    /** A relay's connections (targets and their delays) and the hops it starts; each test says how it passes them. */
    abstract static class Relay extends Component {
        final int[] targets;
        final long[] delays;
        private final Starts starts;

        Relay(int[] targets, long[] delays, Starts starts) {
            this.targets = targets;
            this.delays = delays;
            this.starts = starts;
        }

        @Override
        protected final void onStart() {
            for (int i = 0; i < starts.count(); i++) {
                schedule(random().nextLong(starts.spreadPs()), new Hop(starts.hops(), id() * starts.tagsPerRelay() + i));
            }
        }
    }

    /** Component {@code id}'s connections: {@code targets[id][i]} at {@code delays[id][i]} picoseconds. */
    record Links(int[][] targets, long[][] delays) {
        /** Each component connected to its targets with their delays. */
        void connect(ModelBuilder b) {
            for (int id = 0; id < targets.length; id++) {
                for (int i = 0; i < targets[id].length; i++) {
                    b.connect(id, targets[id][i], delays[id][i]);
                }
            }
        }
    }

    /** A test's delay for the connection from {@code from} to {@code to}, drawn from its random stream. */
    interface DelayDraw {
        long delay(SplittableRandom rnd, int from, int to);
    }

    /**
     * For each of {@code n} components, 1 to {@code maxTargets} distinct other components (never itself), each
     * with a delay the test draws; all from one stream, so a seed gives one topology.
     */
    static Links drawLinks(SplittableRandom rnd, int n, int maxTargets, DelayDraw draw) {
        int[][] targets = new int[n][];
        long[][] delays = new long[n][];
        for (int id = 0; id < n; id++) {
            int k = 1 + rnd.nextInt(maxTargets);
            targets[id] = distinctTargets(rnd, n, id, k);
            delays[id] = new long[k];
            for (int i = 0; i < k; i++) {
                delays[id][i] = draw.delay(rnd, id, targets[id][i]);
            }
        }
        return new Links(targets, delays);
    }

    private static int[] distinctTargets(SplittableRandom rnd, int n, int id, int k) {
        TreeSet<Integer> ts = new TreeSet<>();
        while (ts.size() < k) {
            int t = rnd.nextInt(n);
            if (t != id) {
                ts.add(t);
            }
        }
        return ts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The sequential engine's run of the model, the oracle, which must handle more than {@code atLeast} events. */
    static RunResult sequentialOracle(Model model, RuntimeSettings base, long horizon, long atLeast) {
        RunResult oracle = Emulation.run(model, base.withEngine(RuntimeSettings.Engine.SEQUENTIAL), horizon);
        assertTrue(oracle.events() > atLeast, "the model does something: " + oracle.events());
        return oracle;
    }

    /** The run handled every event as the sequential engine's oracle did: digest, events, hops and invariants. */
    static void sameAsSequential(RunResult oracle, RunResult r, String what) {
        assertEquals(oracle.digest(), r.digest(), what);
        assertEquals(oracle.events(), r.events(), what);
        assertEquals(oracle.counter("hops"), r.counter("hops"), what);
        assertEquals(oracle.invariants(), r.invariants(), what);
    }
}
