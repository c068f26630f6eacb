package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.runtime.RandomRelays.Hop;

/**
 * A lane's share is one unit: its components handle their events from one calendar and deliver to each other at
 * once. Over random topologies, delays and placement groups, every component must handle its events in exactly
 * the order of the sequential engine, whatever the lanes, with the lanes set or chosen by the planner after a
 * pilot (which rebuilds the lanes twice, from one to several and possibly back), and with the lanes rebuilt over
 * and over by the planner's watch and its later trials. The digest hashes each
 * component's events in the order it handled them, so equal digests say the orders are equal; a component handed
 * an event earlier than one it already handled fails the run ("causality broken"), and each relay also checks by
 * itself that the times it sees never go back. Groups are drawn at random, not along connections, so a share may
 * hold components that never talk to each other, components whose only way to each other leaves the share and
 * comes back, and connections of every length inside and into it.
 */
@Timeout(180)
class RandomUnitsTest {

    /** Passes hops on along random connections with random extra delay (often none: ties of time), or to itself. */
    static final class Relay extends RandomRelays.Relay {
        private long last = -1;

        Relay(int[] targets, long[] delays, int starts) {
            super(targets, delays, new RandomRelays.Starts(starts, 500, 60, 100L));
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
        // Mostly short hops, some long: horizons and units' entries of every length.
        RandomRelays.Links links = RandomRelays.drawLinks(rnd, n, 4,
                (r, from, to) -> r.nextInt(4) == 0 ? 1_000 + r.nextLong(20_000) : 20 + r.nextLong(200));
        int groups = 1 + rnd.nextInt(Math.max(1, n / 3));
        for (int id = 0; id < n; id++) {
            int[] t = links.targets()[id];
            long[] d = links.delays()[id];
            int starts = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(3) : 0;
            // Names as node.part, nodes at random: the node units split the groups differently.
            b.add("n" + rnd.nextInt(Math.max(1, n / 4)) + ".r" + id, () -> new Relay(t, d, starts));
            // About one in five on its own, the rest in random groups.
            if (rnd.nextInt(5) != 0) {
                b.group(id, rnd.nextInt(groups));
            }
        }
        links.connect(b);
        return b.build();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void everyComponentHandlesItsEventsInTheOrderOfTheSequentialEngine(long seed) {
        Model model = randomModel(seed);
        long horizon = 2_000_000;
        RuntimeSettings base = new RuntimeSettings(seed, 1, false, 0);
        RunResult oracle = RandomRelays.sequentialOracle(model, base, horizon, 100);
        for (int lanes : new int[] {1, 2, 3, 5}) {
            RandomRelays.sameAsSequential(oracle, Emulation.run(model, base.withThreads(lanes), horizon), lanes + " lanes");
        }
        // The planner, on 2 and 4 cores, after pilots of 40 events each: lanes rebuilt mid-run. A barrier of 1 ns
        // keeps the lanes; one of a second takes them (least speed-up 0) and, after the next 40 events they run,
        // takes them back to one lane.
        for (double barrier : new double[] {1, 1e9}) {
            RuntimeSettings planned = base.withThreads(0).withPlanner(new Planner(40, barrier, 300_000, 100, 0, 0));
            for (int cores : new int[] {2, 4}) {
                RunResult r = Emulation.run(model, planned, horizon, com.typesafe.config.ConfigFactory.load(),
                        new RunProgress(), cores);
                RandomRelays.sameAsSequential(oracle, r, "planned on " + cores + " cores (" + r.runtime().choice() + ")");
            }
        }
        // Trials every 60 events of one lane: the barrier of a second sends the lanes back to one after each
        // stretch, and each trial takes them again (least speed-up 0), so the lanes are rebuilt over and over and
        // their hosts leave for the reserve and come back.
        RuntimeSettings cycling = base.withThreads(0).withPlanner(new Planner(40, 1e9, 300_000, 100, 0, 0, 0, 1, 60));
        for (int cores : new int[] {2, 3}) {
            RunResult r = Emulation.run(model, cycling, horizon, com.typesafe.config.ConfigFactory.load(),
                    new RunProgress(), cores);
            RandomRelays.sameAsSequential(oracle, r, "cycling on " + cores + " cores (" + r.runtime().choice() + ")");
            // The smallest of these models handles 449 events: pilot (80), a stretch on lanes (40), 60 on one lane,
            // then the first later trial, which keeps the lanes.
            assertTrue(r.runtime().choice().contains("lanes again after"), r.runtime().choice());
        }
    }
}
