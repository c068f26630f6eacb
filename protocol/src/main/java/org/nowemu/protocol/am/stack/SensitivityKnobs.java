package org.nowemu.protocol.am.stack;

import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.protocol.system.StackEntry;

/**
 * Delays added to an AM stack to move one LogGP parameter at a time, where Martin, Vahdat, Culler and Anderson
 * ("Effects of Communication Latency, Overhead, and Bandwidth in a Cluster Architecture", ISCA 1997) added them
 * to AM-II's library and firmware. Options of the stack's entry ({@code nowemu.protocol.stacks.<stack>.added-*});
 * an option left out is 0, the unmodified system, and a stack with all four at 0 runs exactly as before.
 *
 * @param overheadPs o: the library spins this long (host CPU busy) in every send call and for every message a
 *                   poll takes out
 * @param gapPs      g: the firmware stalls this long after putting each data packet on the wire, before its
 *                   send loop may inject the next (the LANai is busy)
 * @param latencyPs  L: every packet the firmware sends waits this long in a delay line before it enters the
 *                   network; the LANai and the send path go on meanwhile
 * @param perBytePs  G: each DMA of a message's data from host memory into NIC SRAM takes this much longer per
 *                   byte, holding the send path as the DMA does (ps per byte)
 */
public record SensitivityKnobs(long overheadPs, long gapPs, long latencyPs, long perBytePs) {
    /** The option names, as a stack's entry spells them. */
    public static final java.util.List<String> OPTIONS =
            java.util.List.of("added-overhead", "added-gap", "added-latency", "added-per-byte");

    /** The unmodified system. */
    public static final SensitivityKnobs NONE = new SensitivityKnobs(0, 0, 0, 0);

    private static final long MAX = VirtualTime.MS * 100;
    private static final long MAX_PER_BYTE = VirtualTime.US;

    /** The knobs of stack {@code stack} (each 0 unless its entry sets it). */
    static SensitivityKnobs read(ConfigReader r, String stack) {
        return new SensitivityKnobs(knob(r, stack, "added-overhead", MAX), knob(r, stack, "added-gap", MAX),
                knob(r, stack, "added-latency", MAX), knob(r, stack, "added-per-byte", MAX_PER_BYTE));
    }

    private static long knob(ConfigReader r, String stack, String option, long max) {
        String key = StackEntry.key(stack, option);
        return r.config().hasPath(key) ? r.duration(key, 0, max) : 0;
    }

    /** Whether any knob is set. */
    public boolean any() {
        return overheadPs > 0 || gapPs > 0 || latencyPs > 0 || perBytePs > 0;
    }
}
