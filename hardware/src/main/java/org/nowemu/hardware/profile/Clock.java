package org.nowemu.hardware.profile;

/**
 * A processor clock (the LANai's or the host CPU's) that turns cycle counts into virtual time.
 *
 * @param hertz positive
 */
public record Clock(double hertz) {
    public Clock {
        if (!(hertz > 0)) {
            throw new IllegalArgumentException("clock must be positive, got " + hertz);
        }
    }

    /** Time of {@code n} cycles in picoseconds, rounded to the nearest picosecond. */
    public long cycles(long n) {
        return Math.round(n * 1e12 / hertz);
    }
}
