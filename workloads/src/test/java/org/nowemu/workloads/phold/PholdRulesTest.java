package org.nowemu.workloads.phold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.time.VirtualTime;

class PholdRulesTest {
    static final PholdSettings S = new PholdSettings(100, 4, 500 * VirtualTime.NS, VirtualTime.US, 0.25, VirtualTime.MS);

    @Test
    void everyDelayIsTheLookaheadPlusAnExponentialWithTheConfiguredMean() {
        SplittableRandom r = new SplittableRandom(1);
        int n = 200_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            long d = PholdRules.delay(r, S);
            assertTrue(d >= S.lookaheadPs());
            sum += d - S.lookaheadPs();
        }
        // Mean of the extra delay: 1us; the standard error over 200k draws is 1us / sqrt(200k) ~ 2.2ns.
        assertEquals(VirtualTime.US, sum / n, 15 * VirtualTime.NS);
    }

    @Test
    void aQuarterOfEventsGoToARandomComponentWhenRemoteIsAQuarter() {
        SplittableRandom r = new SplittableRandom(2);
        int n = 200_000;
        int away = 0;
        for (int i = 0; i < n; i++) {
            int t = PholdRules.target(r, S, 7);
            assertTrue(t >= 0 && t < S.components());
            away += t != 7 ? 1 : 0;
        }
        // Remote draws pick any of 100 components, itself included: 0.25 * 99/100 = 0.2475 go elsewhere.
        assertEquals(0.2475, away / (double) n, 0.005);
    }

    @Test
    void theDurationForAnEventCountFollowsFromTheEventRate() {
        // 100 components x 4 events, one event each per (0.5 + 1)us: 400 / 1.5us -> 3,000 events in 11.25us.
        assertEquals(11_250_000, S.durationFor(3_000));
    }
}
