package org.nowemu.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Where a cluster member's next global window ends ({@link MemberExchange#windowEnd}), from the members' reports.
 * Times in ps; every cut cable is 50 ns, so every member's least exit delay is 50,000 ps.
 */
class MemberWindowTest {
    private static final long HORIZON = 1_000_000;
    private static final long NONE = Long.MAX_VALUE;

    /**
     * Both members busy, as on a fat tree: A has work at 0 that could reach B at 50,000 (its earliest output), B has
     * work at 20,000 that could reach A at 70,000. By the others' output alone, A would run to 70,000, past its own
     * output, and B to 50,000: A ahead. In step, both stop at 50,000, the least output of the two.
     */
    @Test
    void busyMembersStopTogetherAtTheLeastOutputOfAny() {
        assertEnds(new long[] {0, 20_000}, new long[] {50_000, 70_000}, 50_000, 50_000);
    }

    /**
     * B is idle (no work, nothing sent to it: no output). A's own output at 50,000 does not stop it, since no one has
     * work to keep in step with: A runs to the horizon (its lanes stop earlier if they send B anything). B's window
     * ends at A's output, 50,000.
     */
    @Test
    void aMemberWithAnIdleNeighbourRunsAhead() {
        assertEnds(new long[] {0, NONE}, new long[] {50_000, NONE}, HORIZON, 50_000);
    }

    /**
     * A's work begins at 51,000, just after B's output at 50,000; B has work at 0. By the others alone, B could run to
     * A's output, 101,000, right over the stretch where A's work is, while A, stopped by B's output, does nothing; in
     * the next window A would run while B, past A's reach, waited: the members would take turns. A could run in the
     * next window if B stopped at its own output (A's work at 51,000 lies before 50,000 + the cable's 50,000), so B
     * stops at 50,000. A stops at B's output, 50,000, too.
     */
    @Test
    void workJustAfterAMembersOutputKeepsItInStep() {
        assertEnds(new long[] {51_000, 0}, new long[] {101_000, 50_000}, 50_000, 50_000);
    }

    /**
     * B's only work is at 500,000 (its output 550,000), long after A's output at 50,000 plus the cable's 50,000, where
     * A's next window could end at the earliest: it does not hold A back, and A runs to 550,000. A has work (at 0)
     * before B's own output, so B stops at the least of the two, A's 50,000.
     */
    @Test
    void workAfterAMembersOutputDoesNotHoldItBack() {
        assertEnds(new long[] {0, 500_000}, new long[] {50_000, 550_000}, 550_000, 50_000);
    }

    /**
     * Three members, C idle with nothing sent to it, A and B as in the first case but B's output at 200,000. By the
     * others alone A could run to 200,000 (B's output; C's is none, and what C could pass on from B comes at 250,000);
     * B has work (at 20,000) before A's own output, so A stops at 50,000. B stops at A's output, 50,000. C stops at
     * the least output of the others, A's 50,000 (what A could send B for B to pass on to C comes at 100,000).
     */
    @Test
    void aThirdIdleMemberChangesNothingForTheBusyOnes() {
        assertEnds(new long[] {0, 20_000, NONE}, new long[] {50_000, 200_000, NONE}, 50_000, 50_000, 50_000);
    }

    /** Each member's window ends where {@code ends} says, from the members' earliest work and output times. */
    private static void assertEnds(long[] earliest, long[] output, long... ends) {
        long[] exit = new long[output.length];
        Arrays.fill(exit, 50_000);
        for (int p = 0; p < ends.length; p++) {
            assertEquals(ends[p], MemberExchange.windowEnd(p, HORIZON, earliest, output, exit), "member " + p);
        }
    }
}
