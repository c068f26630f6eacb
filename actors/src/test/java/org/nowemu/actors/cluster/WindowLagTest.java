package org.nowemu.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** What a global window's reports tell a member about its wait: the others' longer work, and turn-taking. */
class WindowLagTest {
    private static MemberAgent.Window report(int from, long handled, long busyNanos) {
        return new MemberAgent.Window(1, from, 0, 1, 0, 0, new long[3], new ArrayList<>(), null, handled, busyNanos);
    }

    /**
     * Three members worked 2.0, 0.5 and 1.2 ms: the barrier waits for the first, so member 1 waited 1.5 ms and
     * member 2 0.8 ms for its work, and member 0 nothing (it was the one waited for).
     */
    @Test
    void eachMemberWaitsForTheBusiestMembersWork() {
        MemberAgent.Window[] w = {report(0, 900, 2_000_000), report(1, 200, 500_000), report(2, 600, 1_200_000)};
        assertEquals(0, MemberExchange.lag(w, 0));
        assertEquals(1_500_000, MemberExchange.lag(w, 1));
        assertEquals(800_000, MemberExchange.lag(w, 2));
        assertFalse(MemberExchange.tookTurns(w));
    }

    /** Member 1 handled nothing while member 0 worked: a window where they took turns; none if nobody worked. */
    @Test
    void aWindowWithOneMemberIdleWhileAnotherWorksIsTurnTaking() {
        assertTrue(MemberExchange.tookTurns(new MemberAgent.Window[] {report(0, 40, 90_000), report(1, 0, 3_000)}));
        assertFalse(MemberExchange.tookTurns(new MemberAgent.Window[] {report(0, 0, 2_000), report(1, 0, 3_000)}));
    }
}
