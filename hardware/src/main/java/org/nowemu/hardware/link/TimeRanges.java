package org.nowemu.hardware.link;

import java.util.ArrayList;
import java.util.List;

/**
 * When a fault holds: a union of spans, each {@code [at + k * every, at + k * every + length)} for
 * {@code k = 0 .. times - 1}. A span is kept in this closed form rather than as a list of intervals because a
 * repeating fault may run until the end of a run nobody knows the length of here; so {@link #holds} and
 * {@link #nextChangeFrom} are O(spans), whatever the number of repetitions. Components ask
 * {@link #nextChangeFrom} to schedule one event per boundary and re-check {@link #holds} there, so overlapping
 * spans (two faults on one cable) need no merging. Immutable.
 */
public final class TimeRanges {
    /** Length of a span that never ends, and the answer "no further change". */
    public static final long FOREVER = Long.MAX_VALUE;

    /** One repeating span; {@code every == 0} for one occurrence, {@code times == FOREVER} for no limit. */
    private record Span(long at, long length, long every, long times) {
        boolean holds(long t) {
            if (t < at) {
                return false;
            }
            long d = t - at;
            if (every == 0) {
                return d < length;
            }
            long k = d / every;
            return k < times && d - k * every < length;
        }

        /** The first time >= t at which this span starts or ends, or FOREVER. */
        long nextChangeFrom(long t) {
            if (t <= at) {
                return at;
            }
            long d = t - at;
            long k = every == 0 ? 0 : d / every;
            if (k >= times) {
                return FOREVER;
            }
            long start = at + k * every;
            if (start >= t) {
                return start;
            }
            long end = plus(start, length);
            if (end >= t) {
                return end;
            }
            return every == 0 || k + 1 >= times ? FOREVER : plus(start, every);
        }
    }

    public static final TimeRanges NEVER = new TimeRanges(List.of());

    private final List<Span> spans;

    private TimeRanges(List<Span> spans) {
        this.spans = spans;
    }

    /** From {@code atPs} for good ({@code FOREVER}: never). */
    public static TimeRanges from(long atPs) {
        return atPs == FOREVER ? NEVER : new TimeRanges(List.of(new Span(atPs, FOREVER, 0, 1)));
    }

    /**
     * {@code [atPs, untilPs)}, repeated {@code times} times every {@code everyPs} ({@code everyPs == 0}: once;
     * {@code untilPs == FOREVER}: for good). A repetition must not overlap the next: {@code untilPs - atPs <
     * everyPs}.
     */
    public static TimeRanges of(long atPs, long untilPs, long everyPs, long times) {
        if (atPs < 0 || untilPs <= atPs || everyPs < 0 || times < 1) {
            throw new IllegalArgumentException("bad range: at " + atPs + ", until " + untilPs + ", every " + everyPs
                    + ", times " + times);
        }
        long length = untilPs == FOREVER ? FOREVER : untilPs - atPs;
        if (everyPs > 0 && length >= everyPs) {
            throw new IllegalArgumentException("a range of " + length + " ps cannot repeat every " + everyPs + " ps");
        }
        return new TimeRanges(List.of(new Span(atPs, length, everyPs, everyPs == 0 ? 1 : times)));
    }

    /** Whether any time is in these ranges. */
    public boolean any() {
        return !spans.isEmpty();
    }

    /** The union of these ranges and {@code o}. */
    public TimeRanges or(TimeRanges o) {
        if (!o.any()) {
            return this;
        }
        if (!any()) {
            return o;
        }
        List<Span> all = new ArrayList<>(spans);
        all.addAll(o.spans);
        return new TimeRanges(List.copyOf(all));
    }

    /** Whether {@code t} is inside a range. */
    public boolean holds(long t) {
        for (Span s : spans) {
            if (s.holds(t)) {
                return true;
            }
        }
        return false;
    }

    /** The first time >= {@code t} at which a range starts or ends ({@link #FOREVER}: none). */
    public long nextChangeFrom(long t) {
        long next = FOREVER;
        for (Span s : spans) {
            next = Math.min(next, s.nextChangeFrom(t));
        }
        return next;
    }

    /**
     * Whether some instant of {@code [from, to]} is inside a range: whether something on a cable from
     * {@code from} to {@code to} met a cut. (When {@code from} is outside every range, the next boundary after it
     * can only be a start.)
     */
    public boolean touches(long from, long to) {
        return holds(from) || nextChangeFrom(from + 1) <= to;
    }

    /** When the first range starts ({@link #FOREVER}: never). */
    public long first() {
        long first = FOREVER;
        for (Span s : spans) {
            first = Math.min(first, s.at());
        }
        return first;
    }

    /** Saturating addition: a time past the end of representable time is "never". */
    private static long plus(long a, long b) {
        long r = a + b;
        return r < a ? FOREVER : r;
    }

    @Override
    public String toString() {
        return spans.toString();
    }
}
