package org.nowemu.actors.runtime;

/**
 * The lanes timed against one lane on the wall clock, now and then, with the model's own events: a stretch of the
 * lanes, then one on one lane, then one of the lanes again, each timed with collections left out; one lane takes
 * over if it was clearly faster than the two stretches of the lanes on either side of it. Nothing is run twice and no
 * result changes; only speed.
 *
 * <p>Why the clock, and one lane's own time: the planner's counts ({@link Planner#choose}) and the clock's watch (the
 * lanes' time at work against a stretch's wall time, {@link Planner#slowOnTheClock}) both take an event to cost
 * the lanes what it costs one lane alone. On the bench's permutations, with about 8 events a window a lane, it cost
 * the lanes half as much again (their time at work filled 0.9 of the wall time), and 4 of 8 runs of it kept 2 lanes
 * to the end in 3.6 to 4.1 s, against 2.2 to 2.4 s on one lane (BENCHMARKS.md, 2026-11-28 night).
 *
 * <p>Why a stretch of the lanes on either side: while the JIT compiler warms the code up, each stretch runs faster
 * than the one before, so one lane's stretch, always the later, won against the lanes' before it by the warm-up
 * alone: the 4,096-host fat tree went to one lane after 0.4M events (1,032 ns an event against the lanes' 1,639)
 * and took twice its time. Their mean cancels a steady warm-up. And the compiler takes a lane's core, where one lane
 * leaves it the other: the lanes' two cores would have run a stretch sooner by about half the compiler's time, which
 * is left out of theirs. While the lanes win, the next comparison comes twice as late (at most {@value #MOST}
 * stretches), so a model the lanes speed up pays a stretch on one lane a few times a run.
 */
final class ClockComparison {
    /** Stretches of the lanes before the first comparison, and the most between two. */
    static final int FIRST = 4;
    static final int MOST = 128;
    /** By how much one lane must be faster (share of its time) to take over: a single stretch's noise. */
    static final double MARGIN = 0.1;

    /** What the lanes do after a stretch. */
    enum Verdict { GO_ON, TIME_ONE_LANE, ONE_LANE }

    private enum State { LANES, ONE_LANE, LANES_AGAIN }

    private State state = State.LANES;
    private int every = FIRST;
    private int stretches;
    /** Wall time an event (ns): the lanes' stretch before one lane's, and one lane's. */
    private double beforeNs;
    private double soloNs;
    private double lanesNs;
    private int compared;
    private int won;

    /** The lanes begin, or begin again: after one lane's timed stretch, the stretch that ends its comparison. */
    void lanesBegin() {
        state = state == State.ONE_LANE && soloNs > 0 ? State.LANES_AGAIN : State.LANES;
        stretches = 0;
    }

    /**
     * A stretch of the lanes ended: {@code ranNs} of wall time (collections left out) for {@code ran} events while
     * the JIT compiler's threads worked {@code jitNs}. Says whether one lane runs the next stretch to be timed, takes
     * over (it was clearly faster than the lanes on either side of it), or the lanes go on.
     */
    Verdict stretch(long ranNs, long ran, long jitNs) {
        if (ran == 0) {
            return Verdict.GO_ON;
        }
        double ns = Math.max(1, ranNs - jitNs / 2) / (double) ran;
        if (state == State.LANES_AGAIN) {
            state = State.LANES;
            compared++;
            lanesNs = (beforeNs + ns) / 2;
            if (soloNs * (1 + MARGIN) < lanesNs) {
                return Verdict.ONE_LANE;
            }
            won++;
            every = Math.min(MOST, every * 2);
            return Verdict.GO_ON;
        }
        if (++stretches < every) {
            return Verdict.GO_ON;
        }
        beforeNs = ns;
        soloNs = 0;
        state = State.ONE_LANE;
        return Verdict.TIME_ONE_LANE;
    }

    /** Whether one lane is to run, or runs, a stretch to be timed against the lanes. */
    boolean timing() {
        return state == State.ONE_LANE;
    }

    /** One lane ran its timed stretch at {@code ns} an event; the lanes run the next. */
    void solo(double ns) {
        soloNs = Math.max(ns, Double.MIN_NORMAL);
    }

    /** The last comparison that one lane won, in words. */
    String lost() {
        return String.format(java.util.Locale.ROOT, "one lane took %.0f ns an event, the lanes %.0f ns around it",
                soloNs, lanesNs);
    }

    /** The comparisons so far, in words, or "" when there were none. */
    String summary() {
        return compared == 0 ? "" : String.format(java.util.Locale.ROOT,
                "; the lanes timed against one lane %d time%s, faster in %d", compared, compared == 1 ? "" : "s", won);
    }
}
