package org.nowemu.protocol.parts.multicast;

/**
 * What a stack's own multicast can reach, as its settings tell before anything runs ({@link Source}): a workload
 * that would use a {@link Multicaster} checks here first, so a group or message the mechanism cannot carry is bad
 * input rather than a failed run.
 *
 * @param multicastMode    the mechanism, {@link MulticastMode#NONE} when the stack has none
 * @param anyGroup         whether a group may be any set of hosts; false where the packets name their group by its
 *                         first host and size (LFC's and FM/MC's NIC forwarding here), so only consecutive hosts form one
 * @param largestMulticast the largest message one multicast carries (bytes)
 */
public record MulticastReach(MulticastMode multicastMode, boolean anyGroup, int largestMulticast) {
    /** No multicast at all. */
    public static final MulticastReach NONE = new MulticastReach(MulticastMode.NONE, false, 0);

    /** A system's settings that have a multicast say here what it reaches; settings that are not one have none. */
    public interface Source {
        MulticastReach multicastReach();
    }

    /** The reach of a stack whose settings are {@code settings}: theirs, or {@link #NONE}. */
    public static MulticastReach of(Object settings) {
        return settings instanceof Source s ? s.multicastReach() : NONE;
    }

    /** Why {@code group} (hosts ascending) and a message of {@code bytes} are beyond this reach, or null if not. */
    public String beyond(int[] group, long bytes) {
        if (multicastMode == MulticastMode.NONE) {
            return "has no multicast";
        }
        if (!anyGroup && Groups.first(group) < 0) {
            return "multicasts to consecutive hosts only (a packet names its group by first host and size)";
        }
        if (bytes > largestMulticast) {
            return "multicasts messages of at most " + largestMulticast + " B (one packet)";
        }
        return null;
    }
}
