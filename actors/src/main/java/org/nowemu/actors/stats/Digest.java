package org.nowemu.actors.stats;

/**
 * The 64-bit mixing used for the run digest and for deriving random streams. A component folds every message
 * it handles, in key order, into its own hash; the run folds the components' hashes and counters in
 * component-id order, then the final virtual time. Same configuration and seed, same digest.
 */
public final class Digest {
    private static final long P1 = 0x9E3779B97F4A7C15L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;

    /** The hash of a component that has handled nothing yet. */
    public static final long COMPONENT_SEED = 0x84222325CBF29CE4L;

    private Digest() {
    }

    /** Folds {@code v} into {@code h}. */
    public static long mix(long h, long v) {
        return Long.rotateLeft(h ^ (v * P2), 31) * P1 + P3;
    }

    /** Finalises a hash (splitmix64's finaliser). */
    public static long finish(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Folds one handled message into a component's hash. */
    public static long event(long h, long time, int source, long sequence, long payloadHash) {
        h = mix(h, time);
        h = mix(h, ((long) source << 32) ^ sequence);
        return mix(h, payloadHash);
    }

    /** The seed of a component's random stream: independent streams for (seed, id) pairs. */
    public static long streamSeed(long runSeed, int componentId) {
        return finish(runSeed * P1 + finish(componentId + P3));
    }

    /** A stable hash of a string (String.hashCode is specified, so it is stable across JVMs). */
    public static long of(String s) {
        return finish(s.hashCode() * P1 + s.length());
    }

    public static String hex(long h) {
        return String.format("%016x", h);
    }
}
