package org.nowemu.workloads.traffic;

import com.typesafe.config.Config;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Reads one phase of a job: its own keys, falling back to the job's (a job without {@code phases} is one phase).
 * A bad value is one line naming the job and phase, the key, and where it was set.
 */
final class PhaseReader {
    private PhaseReader() {
    }

    /**
     * @param where    the phase's place in the configuration, for messages ({@code nowemu.traffic.jobs.a.phases[1]})
     * @param label    the phase's label in metrics
     * @param swept    the sweep's load for this copy of the phase, or null to read {@code load}
     * @param n        the job's hosts
     * @param seed     the phase's seed (a random permutation's)
     */
    static Phase read(Config c, String where, String label, String swept, int n, long seed) {
        ConfigReader r = new ConfigReader(c);
        try {
            String patternText = r.string("pattern");
            Pattern pattern = made(r, "pattern", () -> Patterns.make(patternText, n, seed));
            String sizeText = r.string("size");
            Sizes.Size size = made(r, "size", () -> Sizes.make(sizeText));
            Arrival arrival = c.hasPath("arrival") ? made(r, "arrival", () -> Arrival.named(r.string("arrival")))
                    : Arrival.POISSON;
            if (arrival == Arrival.CLOSED) {
                return closed(c, r, where, label, patternText, pattern, sizeText, size);
            }
            if (c.hasPath("outstanding")) {
                throw r.bad("outstanding", "belongs to arrival = closed; an open-loop phase has a load");
            }
            String load = swept != null ? swept : r.string("load");
            double perSecond = TrafficSettings.perSecond(load, size.mean(), r, swept != null ? "sweep" : "load");
            double gap = 1e12 / perSecond;
            if (gap < 1) {
                throw r.bad(swept != null ? "sweep" : "load", "asks for more than one message per picosecond: '"
                        + load + "'");
            }
            boolean byTime = c.hasPath("duration");
            boolean byCount = c.hasPath("messages");
            if (byTime == byCount) {
                throw new BadInputException(where + ": give either duration or messages, "
                        + (byTime ? "not both" : "neither is set"));
            }
            long duration = byTime ? r.duration("duration", VirtualTime.NS) : 0;
            long messages = byCount ? r.longIn("messages", 1, 100_000_000) : 0;
            long warmup = c.hasPath("warmup") ? r.duration("warmup", 0) : 0;
            if (byTime && warmup >= duration) {
                throw r.bad("warmup", "must be shorter than the duration");
            }
            return new Phase(label, patternText, pattern, sizeText, size, arrival, load, gap, duration, messages,
                    warmup, 0);
        } catch (BadInputException e) {
            throw e.getMessage().startsWith(where) ? e : new BadInputException(where + "." + e.getMessage());
        }
    }

    /** A closed-loop phase: how many messages a host keeps in flight, for a duration; no load. */
    private static Phase closed(Config c, ConfigReader r, String where, String label, String patternText,
                                Pattern pattern, String sizeText, Sizes.Size size) {
        if (!c.hasPath("outstanding")) {
            throw new BadInputException(where + ": arrival = closed needs outstanding (how many of a host's messages"
                    + " may be in flight, 1 to 100000)");
        }
        int k = r.intIn("outstanding", 1, 100_000);
        if (c.hasPath("load")) {
            throw r.bad("load", "a closed-loop phase has no offered load: its hosts send as their messages arrive");
        }
        if (c.hasPath("messages") || !c.hasPath("duration")) {
            throw new BadInputException(where + ": a closed-loop phase runs for a duration (how many messages fit is"
                    + " what it measures), not a number of messages");
        }
        long duration = r.duration("duration", VirtualTime.NS);
        long warmup = c.hasPath("warmup") ? r.duration("warmup", 0) : 0;
        if (warmup >= duration) {
            throw r.bad("warmup", "must be shorter than the duration");
        }
        return new Phase(label, patternText, pattern, sizeText, size, Arrival.CLOSED, "closed", 0, duration, 0,
                warmup, k);
    }

    private static <T> T made(ConfigReader r, String key, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw r.bad(key, e.getMessage());
        }
    }
}
