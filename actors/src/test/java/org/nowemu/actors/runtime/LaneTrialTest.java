package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.nowemu.actors.time.VirtualTime;

/**
 * A model with phases: the lanes pay in its busy phases and not in the quiet one between. The planner takes two
 * lanes, goes back to one in the quiet phase, and takes the lanes again when a later trial meets the second busy
 * phase; the result is the sequential engine's.
 */
@Timeout(60)
class LaneTrialTest {
    static final long NS = VirtualTime.NS;
    static final long US = VirtualTime.US;
    /** Busy before this time and from {@link #BUSY_AGAIN} on; quiet between. */
    static final long QUIET = 10 * US;
    static final long BUSY_AGAIN = 50 * US;
    static final int WORKERS = 20;

    record Tick() {
    }

    record Chat() {
    }

    record Token() {
    }

    /** Whether the workers chat at {@code t}: before {@code quiet} and from {@code busyAgain} on. */
    static boolean busy(long t, long quiet, long busyAgain) {
        return t < quiet || t >= busyAgain;
    }

    /** Ticks from time 0 on ({@link #onTick}); counts the messages of class {@code counted} it receives. */
    abstract static class Ticker extends Component {
        final int target;
        private final Class<?> counted;

        Ticker(int target, Class<?> counted) {
            this.target = target;
            this.counted = counted;
        }

        @Override
        protected void onStart() {
            schedule(0, new Tick());
        }

        @Override
        protected Receive createReceive() {
            String name = counted == Chat.class ? "chats" : "tokens";
            return Receive.builder()
                    .on(Tick.class, t -> onTick())
                    .on(counted, m -> counter(name).increment())
                    .build();
        }

        abstract void onTick();
    }

    /** In busy phases, chats with its neighbour every 10ns; in the quiet one, sleeps until it ends. */
    static final class Worker extends Ticker {
        private final long quiet;
        private final long busyAgain;

        Worker(int neighbour, long quiet, long busyAgain) {
            super(neighbour, Chat.class);
            this.quiet = quiet;
            this.busyAgain = busyAgain;
        }

        @Override
        void onTick() {
            if (busy(now(), quiet, busyAgain)) {
                send(target, 10 * NS, new Chat());
                schedule(10 * NS, new Tick());
            } else {
                schedule(busyAgain - now(), new Tick());
            }
        }
    }

    /** Ticks every 10ns throughout and sends a token over the cable every 50ns. */
    static final class Anchor extends Ticker {
        Anchor(int peer) {
            super(peer, Token.class);
        }

        @Override
        void onTick() {
            if (now() % (50 * NS) == 0) {
                send(target, 50 * NS, new Token());
            }
            schedule(10 * NS, new Tick());
        }
    }

    /**
     * Two sides, each an anchor and a ring of workers on 10ns links, one placement group a side; the anchors
     * (ids 0 and {@code WORKERS + 1}) joined by a 50ns cable, the only connection between the sides.
     */
    static Model phased() {
        return phased(QUIET, BUSY_AGAIN);
    }

    /** The same sides, the workers quiet from {@code quiet} to {@code busyAgain}. */
    static Model phased(long quiet, long busyAgain) {
        ModelBuilder b = new ModelBuilder();
        for (int side = 0; side < 2; side++) {
            int anchorId = side * (WORKERS + 1);
            int peer = (1 - side) * (WORKERS + 1);
            int a = b.add("a" + side, () -> new Anchor(peer));
            b.group(a, side);
            for (int w = 0; w < WORKERS; w++) {
                int next = anchorId + 1 + (w + 1) % WORKERS;
                b.group(b.add("s" + side + ".w" + w, () -> new Worker(next, quiet, busyAgain)), side);
            }
        }
        for (int side = 0; side < 2; side++) {
            int anchorId = side * (WORKERS + 1);
            b.connect(anchorId, (1 - side) * (WORKERS + 1), 50 * NS);
            for (int w = 0; w < WORKERS; w++) {
                b.connect(anchorId + 1 + w, anchorId + 1 + (w + 1) % WORKERS, 10 * NS);
            }
        }
        return b.build();
    }

    /**
     * Runs {@code m} to {@code horizon} on the runtime, on 2 cores, the costs configured so that the planner's choices
     * follow from the model's counts alone (an event 100ns, a barrier 1us, stretches of 2,000 events, no clock), a
     * trial due every {@code retry} events of one lane (then twice as far apart after each that keeps one lane).
     */
    private static RunResult onLanes(Model m, long retry, long horizon) {
        Planner planner = new Planner(2_000, 1_000, 300_000, 100, 1.2, 2, 0, 3, retry);
        RuntimeSettings settings = new RuntimeSettings(1, 0, false, 0).withPlanner(planner);
        return Emulation.run(m, settings, horizon, ConfigFactory.load(), new RunProgress(), 2);
    }

    private static RunResult sequential(Model m, long horizon) {
        return Emulation.run(m, new RuntimeSettings(1, 0, false, 0).withEngine(RuntimeSettings.Engine.SEQUENTIAL),
                horizon);
    }

    @Test
    void theLanesComeBackWhenTheQuietPhaseEnds() {
        // A trial every 3,000 events of one lane (then 6,000, 12,000...).
        long horizon = 70 * US;
        RunResult r = onLanes(phased(), 3_000, horizon);
        // Windows are the cable's 50ns: an anchor's tick is always pending, 50ns from the cut. In a busy phase a
        // window holds, per side, 20 workers x (5 ticks + 5 chats) + the anchor's 5 ticks and a token: 206 events,
        // so 2 lanes take 206 x 100ns + 1us against 412 x 100ns on one: 1.90x, kept. In the quiet phase a window
        // holds 6 events a side: 600ns + 1us against 1.2us, 0.75x: back to one lane once a stretch of 2,000
        // events falls in it (the quiet phase holds 800 windows, 9,600 events). The trials in the quiet phase
        // give up early; the first in the second busy phase (from 50us) sees 1.90x again and keeps the lanes.
        String story = r.runtime().choice();
        assertEquals(2, r.runtime().lanes(), story);
        assertTrue(story.contains("back to one lane after"), story);
        assertTrue(story.contains("lanes again after"), story);
        assertTrue(story.matches(".*later trials? of the lanes, 1 kept them.*"), story);
        RunResult sequential = sequential(phased(), horizon);
        assertEquals(sequential.digest(), r.digest());
        assertEquals(sequential.events(), r.events());
        // 40 workers chat every 10ns for 10us and again for 20us (50 to 70us), the last chats of the horizon aside.
        assertEquals(sequential.counter("chats"), r.counter("chats"));
        assertTrue(r.counter("chats") > 40 * 2_900, "chats " + r.counter("chats"));
    }

    @Test
    void aTrialWaitsForTheTrafficToGrow() {
        // As above, with a trial due every 1,000 events of one lane. The quiet phase's trial counts 6 events a lane
        // in each 50ns window, 12 in all: lanes would need g x 12 x 100ns >= 1.2 (g x 6 x 100ns + 1us), g = 2.5 times
        // the events, so the quiet phase's 0.24 events a ns must reach 0.6. The trials due later in it (every 2,000
        // events, 8.3us of quiet) are skipped; the first due wholly in the busy phase (8.24 events a ns) runs and
        // keeps the lanes. Without the rate every due trial runs: 3 later trials, 2 of them in the quiet phase.
        RunResult r = onLanes(phased(), 1_000, 70 * US);
        String story = r.runtime().choice();
        assertEquals(2, r.runtime().lanes(), story);
        assertTrue(story.contains("back to one lane after"), story);
        assertTrue(story.contains("2 later trials of the lanes, 1 kept them"), story);
        assertTrue(story.matches(".*; [2-9] trials skipped, the traffic not grown enough.*"), story);
        assertEquals(sequential(phased(), 70 * US).digest(), r.digest());
    }

    @Test
    void lanesALaterTrialKeptAreTheRunsLanes() {
        // The workers quiet from the start to 20us, then busy. The pilot (2,000 events from time 0, then 2,000 on 2
        // lanes) sees the quiet phase only, 12 events a 50ns window, 0.77x: one lane, and the host of the second
        // lane is started only when a trial seats it. Trials come every 3,000 events of one lane, then 6,000: the
        // quiet phase holds 20us x 12 / 50ns = 4,800 events, so the second trial, or the third, meets the busy
        // phase (206 events a lane a window, 1.90x) and keeps the lanes: the run's lanes are 2, not the pilot's 1.
        RunResult r = onLanes(phased(0, 20 * US), 3_000, 30 * US);
        String story = r.runtime().choice();
        assertTrue(story.startsWith("lambda 0.6"), story);
        assertTrue(story.contains("lanes again after"), story);
        assertEquals(2, r.runtime().lanes(), story);
        assertEquals(sequential(phased(0, 20 * US), 30 * US).digest(), r.digest());
        assertTrue(r.counter("chats") > 40 * 900, "chats " + r.counter("chats"));
    }

    @Test
    void aRunThatEndsRightAfterThePilotEndsWhateverItsReserveHostDoes() {
        // A barrier of a second: the pilot (2,000 events on one lane, then 2,000 on 2 lanes) keeps one lane, and
        // the host started for a later trial waits in reserve. The run has about 4,500 events, so its one lane ends
        // within microseconds, often before that host's actor has started; the run must end all the same (it once
        // waited for that host for ever) and give the sequential engine's digest.
        Planner planner = new Planner(2_000, 1e9, 300_000, 100, 1.2, 2, 0, 3, 3_000);
        RuntimeSettings settings = new RuntimeSettings(1, 0, false, 0).withPlanner(planner);
        long horizon = 550 * NS;
        String digest = Emulation.run(phased(), settings.withEngine(RuntimeSettings.Engine.SEQUENTIAL), horizon)
                .digest();
        for (int i = 0; i < 200; i++) {
            RunResult r = Emulation.run(phased(), settings, horizon, ConfigFactory.load(), new RunProgress(), 2);
            assertEquals(1, r.runtime().lanes(), r.runtime().choice());
            assertEquals(digest, r.digest());
        }
    }
}
