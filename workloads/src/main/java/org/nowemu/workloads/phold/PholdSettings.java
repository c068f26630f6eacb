package org.nowemu.workloads.phold;

import com.typesafe.config.Config;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Parameters of PHOLD (keys under a prefix such as {@code nowemu.phold}; see workloads' reference.conf).
 *
 * @param components         number of components (logical processes)
 * @param eventsPerComponent events each component starts with
 * @param lookaheadPs        fixed part of every delay: the minimum delay between components (ps)
 * @param meanDelayPs        mean of the exponentially distributed extra delay (ps)
 * @param remote             probability that an event goes to a uniformly random component instead of itself
 * @param durationPs         virtual time the run covers (ps)
 */
public record PholdSettings(int components, int eventsPerComponent, long lookaheadPs, long meanDelayPs, double remote,
                            long durationPs) {

    /**
     * Delays are capped at an hour of virtual time: an exponential draw reaches about 37 times its mean, and
     * lookahead + 37 hours must still fit a picosecond clock with room for the run's duration.
     */
    public static final long MAX_DELAY_PS = 3600 * VirtualTime.S;

    public static PholdSettings from(Config config, String prefix) {
        ConfigReader r = new ConfigReader(config);
        return new PholdSettings(
                r.intIn(prefix + ".components", 1, 50_000_000),
                r.intIn(prefix + ".events-per-component", 1, 1_000_000),
                r.duration(prefix + ".lookahead", 1, MAX_DELAY_PS),
                r.duration(prefix + ".mean-delay", 0, MAX_DELAY_PS),
                r.doubleIn(prefix + ".remote", 0.0, 1.0),
                r.duration(prefix + ".duration", 1, 1000 * MAX_DELAY_PS));
    }

    public PholdSettings withDuration(long ps) {
        return new PholdSettings(components, eventsPerComponent, lookaheadPs, meanDelayPs, remote, ps);
    }

    public PholdSettings withLookahead(long ps) {
        return new PholdSettings(components, eventsPerComponent, ps, meanDelayPs, remote, durationPs);
    }

    /** Virtual time that holds about {@code events} events: each component handles one per lookahead + mean. */
    public long durationFor(long events) {
        double perPs = (double) components * eventsPerComponent / (lookaheadPs + meanDelayPs);
        return Math.max(1, (long) (events / perPs));
    }
}
