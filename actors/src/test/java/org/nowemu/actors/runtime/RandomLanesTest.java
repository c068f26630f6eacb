package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.runtime.RandomRelays.Hop;

/**
 * Lanes over random topologies, cuts and delays: groups of components (a lane never splits one) joined by short
 * links inside and longer, random ones between them, traffic of every reach. Whatever the lanes (set, or chosen by
 * the planner after pilots that rebuild them mid-run), no message ever reaches a lane below the end of the window
 * it last ran: each lane checks every message it takes at a barrier (a violation stops the run), and reports the
 * least margin, which must be at least 0 with messages having crossed. And every component handles its events as
 * on the sequential engine: the same digest, events and counters.
 */
@Timeout(180)
class RandomLanesTest {

    /** Passes hops on along random connections, with random extra delay (often none: ties of time), or to itself. */
    static final class Relay extends RandomRelays.Relay {
        Relay(int[] targets, long[] delays, int starts) {
            super(targets, delays, new RandomRelays.Starts(starts, 300, 80, 1000L));
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Hop.class, h -> {
                counter("hops").increment();
                if (h.hops() > 0) {
                    int r = random().nextInt(targets.length + 1);
                    long extra = random().nextInt(3) == 0 ? 0 : random().nextLong(40);
                    Hop next = new Hop(h.hops() - 1, h.tag() * 31 + now());
                    if (r == targets.length) {
                        schedule(extra, next);
                    } else {
                        send(targets[r], delays[r] + extra, next);
                    }
                }
            }).build();
        }
    }

    /** Groups of 2 to 6 components: short links (1-20ps) inside a group, 30-2,000ps between groups. */
    static Model randomModel(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int groups = 3 + rnd.nextInt(6);
        int n = 0;
        int[] groupOf = new int[groups * 6];
        for (int g = 0; g < groups; g++) {
            int size = 2 + rnd.nextInt(5);
            for (int i = 0; i < size; i++) {
                groupOf[n++] = g;
            }
        }
        ModelBuilder b = new ModelBuilder();
        RandomRelays.Links links = RandomRelays.drawLinks(rnd, n, 3, (r, from, to) -> groupOf[to] == groupOf[from]
                ? 1 + r.nextLong(20) : 30 + r.nextLong(r.nextInt(4) == 0 ? 2_000 : 200));
        for (int id = 0; id < n; id++) {
            int[] t = links.targets()[id];
            long[] d = links.delays()[id];
            int starts = rnd.nextInt(2) == 0 ? 1 + rnd.nextInt(2) : 0;
            b.add("g" + groupOf[id] + ".r" + id, () -> new Relay(t, d, starts));
            b.group(id, groupOf[id]);
        }
        links.connect(b);
        return b.build();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void noMessageReachesALaneBelowItsHorizonAndTheDigestIsTheSequentialEngines(long seed) {
        Model model = randomModel(seed);
        long horizon = 100_000;
        RuntimeSettings base = new RuntimeSettings(seed, 1, false, 0);
        RunResult oracle = RandomRelays.sequentialOracle(model, base, horizon, 50);
        long crossed = 0;
        for (int lanes = 2; lanes <= 4; lanes++) {
            RunResult r = Emulation.run(model, base.withThreads(lanes), horizon);
            check(oracle, r, lanes + " lanes");
            crossed += r.runtime().crossLaneMessages();
        }
        RunResult planned = Emulation.run(model, base.withThreads(0).withPlanner(new Planner(30, 1, 300_000, 100, 0, 3)),
                horizon);
        check(oracle, planned, "planned: " + planned.runtime().choice());
        assertTrue(crossed > 0, "messages crossed lanes");
    }

    /** The lane's check is real: a message below the end of the window its lane last ran stops the run. */
    @org.junit.jupiter.api.Test
    void aMessageBelowTheLanesHorizonIsRefused() {
        Model model = randomModel(1);
        LaneGroup g = LaneGroup.local(model, new RuntimeSettings(1, 2, false, 0), 100_000, new RunProgress());
        g.arrange(TopologyPlacement.assign(model, java.util.stream.IntStream.range(0, model.size()).toArray(), null, 2));
        Lane from = g.lanes[0];
        Lane to = g.lanes[1];
        to.done = 500;
        from.route(new Event(499, from.cells[0].id, 0, to.cells[0].id, new Hop(0, 0)));
        to.beginWindow();
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> to.takeIncoming(g.lanes));
        assertTrue(e.getMessage().startsWith("causality broken"), e.getMessage());
    }

    private static void check(RunResult oracle, RunResult r, String what) {
        RandomRelays.sameAsSequential(oracle, r, what);
        if (r.runtime().crossLaneMessages() > 0) {
            assertTrue(r.runtime().leastSlackPs() >= 0, what + ": a message below its lane's horizon by "
                    + -r.runtime().leastSlackPs() + "ps");
        }
    }
}
