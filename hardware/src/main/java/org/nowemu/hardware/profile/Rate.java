package org.nowemu.hardware.profile;

/**
 * A transfer rate (bytes per second) that turns sizes into virtual time.
 *
 * @param bytesPerSecond positive
 */
public record Rate(double bytesPerSecond) {
    public Rate {
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("rate must be positive, got " + bytesPerSecond);
        }
    }

    /** Time to move {@code bytes} at this rate, in picoseconds, rounded to the nearest picosecond. */
    public long psFor(long bytes) {
        return Math.round(bytes * 1e12 / bytesPerSecond);
    }

    /** The slower of two rates: a transfer that passes both stages goes at this one. */
    public Rate min(Rate other) {
        return bytesPerSecond <= other.bytesPerSecond ? this : other;
    }

    @Override
    public String toString() {
        return bytesPerSecond / 1e6 + "MB/s";
    }
}
