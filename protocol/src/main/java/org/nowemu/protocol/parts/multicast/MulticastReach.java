package org.nowemu.protocol.parts.multicast;

/**
 * What a stack's own multicast can reach, as its settings tell before anything runs: a workload that would use
 * a {@link Multicaster} checks here first, so a group or message the mechanism cannot carry is bad input rather than
 * a failed run. A system's settings implement it; a settings record that does not has no multicast.
 */
public interface MulticastReach {
    /** The mechanism, {@link MulticastMode#NONE} when the stack has none. */
    MulticastMode multicastMode();

    /**
     * Whether a group may be any set of hosts. False where the packets name their group by its first host and size
     * (LFC's and FM/MC's NIC forwarding here), so only consecutive hosts form one.
     */
    boolean anyGroup();

    /** The largest message one multicast carries (bytes). */
    int largestMulticast();

    /** No multicast at all. */
    MulticastReach NONE = new MulticastReach() {
        @Override
        public MulticastMode multicastMode() {
            return MulticastMode.NONE;
        }

        @Override
        public boolean anyGroup() {
            return false;
        }

        @Override
        public int largestMulticast() {
            return 0;
        }
    };

    /** The reach of a stack whose settings are {@code settings}: theirs, or {@link #NONE}. */
    static MulticastReach of(Object settings) {
        return settings instanceof MulticastReach r ? r : NONE;
    }

    /** Why {@code group} (hosts ascending) and a message of {@code bytes} are beyond this reach, or null if not. */
    default String beyond(int[] group, long bytes) {
        if (multicastMode() == MulticastMode.NONE) {
            return "has no multicast";
        }
        if (!anyGroup() && Groups.first(group) < 0) {
            return "multicasts to consecutive hosts only (a packet names its group by first host and size)";
        }
        if (bytes > largestMulticast()) {
            return "multicasts messages of at most " + largestMulticast() + " B (one packet)";
        }
        return null;
    }
}
