package org.nowemu.hardware.link;

import java.util.SplittableRandom;

/**
 * The bit errors of one link direction: with bit-error rate p, the gaps between flipped bits are geometric, so
 * the next error position is drawn once per error rather than once per bit. Seeded from the transmitting
 * component's random stream, so a run's errors repeat exactly.
 */
final class BitErrors {
    private final double rate;
    private final SplittableRandom random;
    private long untilNext = -1;

    BitErrors(double bitErrorRate, SplittableRandom random) {
        this.rate = bitErrorRate;
        this.random = random;
    }

    /** The bits flipped among the next {@code bits} bits sent, as offsets from the first of them. */
    int[] next(int bits) {
        if (rate <= 0 || bits == 0) {
            return Flit.NO_FLIPS;
        }
        if (untilNext < 0) {
            untilNext = gap();
        }
        if (untilNext >= bits) {
            untilNext -= bits;
            return Flit.NO_FLIPS;
        }
        int[] flips = new int[4];
        int n = 0;
        long at = untilNext;
        while (at < bits) {
            if (n == flips.length) {
                flips = java.util.Arrays.copyOf(flips, n * 2);
            }
            flips[n++] = (int) at;
            at += 1 + gap();
        }
        untilNext = at - bits;
        return java.util.Arrays.copyOf(flips, n);
    }

    /** Correct bits before the next flipped one: geometric with parameter p. */
    private long gap() {
        if (rate >= 1) {
            return 0;
        }
        double u = 1.0 - random.nextDouble(); // in (0, 1]
        double g = Math.floor(StrictMath.log(u) / StrictMath.log1p(-rate));
        return g > Long.MAX_VALUE / 2 ? Long.MAX_VALUE / 2 : (long) g;
    }
}
