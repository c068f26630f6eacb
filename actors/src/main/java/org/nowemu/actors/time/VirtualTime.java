package org.nowemu.actors.time;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Virtual time of the emulation: a {@code long} count of picoseconds. Durations in configuration files are
 * written with a unit ({@code 10ns}, {@code 0.1us}, {@code 2ms}); this class parses and prints them.
 * Typesafe Config's own durations stop at nanoseconds, too coarse for Myrinet's byte times.
 */
public final class VirtualTime {
    public static final long PS = 1L;
    public static final long NS = 1_000L;
    public static final long US = 1_000_000L;
    public static final long MS = 1_000_000_000L;
    public static final long S = 1_000_000_000_000L;
    /** Stands for "no event": later than any time an emulation reaches. */
    public static final long NEVER = Long.MAX_VALUE;

    private static final Pattern DURATION =
            Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)\\s*(ps|ns|us|\u00b5s|ms|s)\\s*");

    private VirtualTime() {
    }

    /**
     * Parses a non-negative duration with a unit into picoseconds.
     *
     * @throws IllegalArgumentException naming the text and the accepted units
     */
    public static long parse(String text) {
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a duration with a unit (ps, ns, us, ms, s), got '" + text + "'");
        }
        BigDecimal ps = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit(m.group(2))));
        if (ps.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) >= 0) {
            throw new IllegalArgumentException("duration '" + text + "' is too long");
        }
        BigDecimal rounded = ps.setScale(0, java.math.RoundingMode.HALF_EVEN);
        return rounded.longValueExact();
    }

    private static long unit(String u) {
        switch (u) {
            case "ps": return PS;
            case "ns": return NS;
            case "us": case "\u00b5s": return US;
            case "ms": return MS;
            default: return S;
        }
    }

    /** Prints picoseconds in the largest unit that keeps three significant decimals, e.g. {@code 1.5us}. */
    public static String format(long ps) {
        if (ps == NEVER) {
            return "never";
        }
        long abs = Math.abs(ps);
        if (abs >= S) return String.format(Locale.ROOT, "%.3fs", ps / (double) S);
        if (abs >= MS) return String.format(Locale.ROOT, "%.3fms", ps / (double) MS);
        if (abs >= US) return String.format(Locale.ROOT, "%.3fus", ps / (double) US);
        if (abs >= NS) return String.format(Locale.ROOT, "%.3fns", ps / (double) NS);
        return ps + "ps";
    }

    /** Picoseconds as microseconds, for metrics and trace files. */
    public static double toMicros(long ps) {
        return ps / (double) US;
    }
}
