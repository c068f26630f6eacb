package org.nowemu.workloads.phold;

import java.util.SplittableRandom;

/**
 * The rules of PHOLD as in ROSS's model: every delay is the lookahead plus an exponentially distributed extra
 * delay; an event goes to a uniformly random component (possibly itself) with probability {@code remote},
 * else to the sender itself. Shared by {@link PholdNode} and {@link PlainPhold}, which must draw the same
 * numbers in the same order to reach the same digest.
 */
final class PholdRules {
    private PholdRules() {
    }

    static long delay(SplittableRandom random, PholdSettings s) {
        // StrictMath: Math.log may differ in the last bit between JVMs and CPUs, and a run must not.
        return s.lookaheadPs() + (long) (-s.meanDelayPs() * StrictMath.log(1.0 - random.nextDouble()));
    }

    /** Where the next event goes: {@code self}, or a uniformly random component. */
    static int target(SplittableRandom random, PholdSettings s, int self) {
        return random.nextDouble() < s.remote() ? random.nextInt(s.components()) : self;
    }
}
