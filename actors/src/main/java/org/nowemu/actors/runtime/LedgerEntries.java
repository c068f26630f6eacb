package org.nowemu.actors.runtime;

import java.util.Arrays;

/**
 * A component's ledger page as it travels in its {@link ComponentReport} (see {@link LedgerBook} for the meaning).
 * A page too large for one wire message is split into slices ({@link #slice}) and joined again ({@link #join}).
 *
 * @param unpromised   the ids among {@code sentIds} sent by a stack that promises no delivery
 * @param crashedAt    when the component's process crashed (ps), -1 if it did not
 * @param dead         addresses of a crashed process whose unhandled messages all ended with it
 * @param pending      ids a NIC still held for resending when the run ended
 * @param exposedTo    per assumed-away fault met on the way to a host: that host
 * @param exposedFrom  ... when the fault first held (ps)
 * @param exposedKinds ... its kind, an index into {@code kinds}
 * @param kinds        the fault kinds named by {@code exposedKinds}
 * @param stack        the stack whose assumptions those are ("" if none)
 */
public record LedgerEntries(long[] sentIds, long[] sentTimes, long[] sentTo, long[] handledIds, long[] handledBy,
                            long[] returnedIds, long[] returnedTimes, int[] returnedReasons, String[] reasons,
                            long[] discarded, long[] unpromised, long crashedAt, long[] dead, long[] pending,
                            long[] exposedTo, long[] exposedFrom, int[] exposedKinds, String[] kinds,
                            String stack) {
    public static final LedgerEntries EMPTY = new LedgerEntries(new long[0], new long[0], new long[0], new long[0],
            new long[0], new long[0], new long[0], new int[0], new String[0], new long[0], new long[0], -1,
            new long[0], new long[0], new long[0], new long[0], new int[0], new String[0], "");

    /** Longs it holds (for splitting reports into wire messages of bounded size). */
    public long size() {
        return 3L * sentIds.length + 2L * handledIds.length + 3L * returnedIds.length + discarded.length
                + unpromised.length + dead.length + pending.length + 3L * exposedTo.length;
    }

    public boolean isEmpty() {
        return sentIds.length == 0 && handledIds.length == 0 && returnedIds.length == 0 && crashedAt < 0
                && pending.length == 0;
    }

    /**
     * Part {@code part} of {@code parts}: each kind of entry cut into even runs; reasons, discarded, unpromised and
     * pending messages, the crash, and the faults met ride in part 0 only.
     */
    public LedgerEntries slice(int part, int parts) {
        int s0 = cut(sentIds.length, part, parts);
        int s1 = cut(sentIds.length, part + 1, parts);
        int h0 = cut(handledIds.length, part, parts);
        int h1 = cut(handledIds.length, part + 1, parts);
        int r0 = cut(returnedIds.length, part, parts);
        int r1 = cut(returnedIds.length, part + 1, parts);
        boolean first = part == 0;
        return new LedgerEntries(Arrays.copyOfRange(sentIds, s0, s1), Arrays.copyOfRange(sentTimes, s0, s1),
                Arrays.copyOfRange(sentTo, s0, s1), Arrays.copyOfRange(handledIds, h0, h1),
                Arrays.copyOfRange(handledBy, h0, h1), Arrays.copyOfRange(returnedIds, r0, r1),
                Arrays.copyOfRange(returnedTimes, r0, r1), Arrays.copyOfRange(returnedReasons, r0, r1),
                first ? reasons : new String[0], first ? discarded : new long[0], first ? unpromised : new long[0],
                first ? crashedAt : -1, first ? dead : new long[0], first ? pending : new long[0],
                first ? exposedTo : new long[0], first ? exposedFrom : new long[0],
                first ? exposedKinds : new int[0], first ? kinds : new String[0], stack);
    }

    /** This slice followed by {@code next} (a later slice of the same page). */
    public LedgerEntries join(LedgerEntries next) {
        // Only part 0 carries the reason table; a later slice's indices refer to it.
        String[] allReasons = reasons.length > 0 ? reasons : next.reasons;
        String[] allKinds = kinds.length > 0 ? kinds : next.kinds;
        return new LedgerEntries(cat(sentIds, next.sentIds), cat(sentTimes, next.sentTimes), cat(sentTo, next.sentTo),
                cat(handledIds, next.handledIds), cat(handledBy, next.handledBy), cat(returnedIds, next.returnedIds),
                cat(returnedTimes, next.returnedTimes), cat(returnedReasons, next.returnedReasons), allReasons,
                cat(discarded, next.discarded), cat(unpromised, next.unpromised), Math.max(crashedAt, next.crashedAt),
                cat(dead, next.dead), cat(pending, next.pending), cat(exposedTo, next.exposedTo),
                cat(exposedFrom, next.exposedFrom), cat(exposedKinds, next.exposedKinds), allKinds,
                stack.isEmpty() ? next.stack : stack);
    }

    private static int cut(int n, int part, int parts) {
        return (int) ((long) n * part / parts);
    }

    private static long[] cat(long[] a, long[] b) {
        long[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static int[] cat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
