package org.nowemu.workloads.faults;

import com.typesafe.config.Config;
import java.util.List;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.link.TimeRanges;

/**
 * When a scheduled fault holds, as every kind takes it: from {@code at} for good, or in the range
 * {@code [at, until)} ({@code for} is the same range given as a length), repeated every {@code every} for
 * {@code times} repetitions or, without {@code times}, until the run ends (a run's length is its workload's
 * business; a schedule need not know it). A repetition must end before the next begins. Bad values are one line
 * naming the key.
 *
 * @param atPs    start of the first range
 * @param untilPs its end ({@link TimeRanges#FOREVER}: none, the fault holds for good)
 * @param everyPs period of the repetitions (0: no repetition)
 * @param times   repetitions ({@link TimeRanges#FOREVER}: until the run ends)
 */
public record FaultTimes(long atPs, long untilPs, long everyPs, long times) {
    /** The keys of a schedule entry that say when. */
    static final List<String> KEYS = List.of("at", "until", "for", "every", "times");

    /** From {@code atPs} for good. */
    public static FaultTimes from(long atPs) {
        return new FaultTimes(atPs, TimeRanges.FOREVER, 0, 1);
    }

    /** Whether the fault ends (it has a range), rather than holding from {@code at} for good. */
    public boolean bounded() {
        return untilPs != TimeRanges.FOREVER;
    }

    /** The same, for the hardware. */
    public TimeRanges ranges() {
        return TimeRanges.of(atPs, untilPs, everyPs, times);
    }

    /** The times of schedule entry {@code c}, whose place is {@code key} (as {@code nowemu.faults[2]}). */
    static FaultTimes read(Config c, String key) {
        long at = time(c, "at", key);
        if (at < 0) {
            throw FaultKinds.bad(key + ".at", "is in the past (" + c.getValue("at").unwrapped()
                    + "): a run starts at 0");
        }
        long until = TimeRanges.FOREVER;
        if (c.hasPath("until") && c.hasPath("for")) {
            throw FaultKinds.bad(key + ".for", "give until or for (the end of the range or its length), not both");
        }
        if (c.hasPath("until")) {
            until = time(c, "until", key);
            if (until <= at) {
                throw FaultKinds.bad(key + ".until", "must be after at (" + c.getValue("at").unwrapped() + "), got "
                        + c.getValue("until").unwrapped());
            }
        } else if (c.hasPath("for")) {
            long length = time(c, "for", key);
            if (length <= 0) {
                throw FaultKinds.bad(key + ".for", "must be longer than 0");
            }
            until = at + length;
        }
        long every = 0;
        long times = 1;
        if (c.hasPath("every")) {
            if (until == TimeRanges.FOREVER) {
                throw FaultKinds.bad(key + ".every", "needs until or for (the range that repeats)");
            }
            every = time(c, "every", key);
            if (every <= until - at) {
                throw FaultKinds.bad(key + ".every", "must be longer than the range (" + time(until - at)
                        + " from at to until), or a repetition would overlap the next; got " + time(every));
            }
            times = TimeRanges.FOREVER;
        }
        if (c.hasPath("times")) {
            if (every == 0) {
                throw FaultKinds.bad(key + ".times", "needs every (the period of the repetitions)");
            }
            // Typesafe Config's getLong would truncate 1.5 to 1: a count given wrongly is refused, not changed.
            Object n = c.getValue("times").unwrapped();
            if (!(n instanceof Integer || n instanceof Long) || ((Number) n).longValue() < 1) {
                throw FaultKinds.bad(key + ".times", "expected a whole number of at least 1, got '" + n + "'");
            }
            times = ((Number) n).longValue();
        }
        return new FaultTimes(at, until, every, times);
    }

    /**
     * A time key in ps, or one line naming it. A unit is required, as for every duration nowemu reads
     * (Typesafe Config would take a bare 1000 as milliseconds).
     */
    static long time(Config c, String k, String key) {
        Object v = c.getValue(k).unwrapped();
        if (v instanceof String text) {
            try {
                // A negative time parses too, so that the caller can say it is in the past.
                String t = text.trim();
                return t.startsWith("-") ? -VirtualTime.parse(t.substring(1)) : VirtualTime.parse(t);
            } catch (IllegalArgumentException e) {
                // the message below
            }
        }
        throw FaultKinds.bad(key + "." + k, "expected a time with a unit (ps, ns, us, ms, s) such as 2ms, got '"
                + v + "'");
    }

    /** A time in the largest unit that keeps it whole, as the schedule would write it (2ms, 150us). */
    private static String time(long ps) {
        String[] units = {"ms", "us", "ns"};
        long[] scale = {1_000_000_000L, 1_000_000L, 1_000L};
        for (int i = 0; i < units.length; i++) {
            if (ps % scale[i] == 0) {
                return ps / scale[i] + units[i];
            }
        }
        return ps + "ps";
    }
}
