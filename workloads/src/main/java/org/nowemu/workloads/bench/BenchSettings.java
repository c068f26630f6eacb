package org.nowemu.workloads.bench;

import com.typesafe.config.Config;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.workloads.phold.PholdSettings;

/**
 * Settings of {@code nowemu bench} (keys under {@code nowemu.bench}; see workloads' reference.conf).
 *
 * @param phold              the PHOLD model at the large lookahead (duration sized for {@code events})
 * @param smallLookaheadPs   the small-window lookahead (ps)
 * @param events             events per measured run (about)
 * @param warmupEvents       events per warm-up run, not measured (about)
 * @param repeats            measured runs per lookahead; the median is reported
 * @param modelWarmup        whether each real model runs once on the sequential engine, unmeasured, first
 * @param modelRepeats       measured pairs (one run on each engine) per real model; the median pair is reported
 */
public record BenchSettings(PholdSettings phold, long smallLookaheadPs, long events, long warmupEvents, int repeats,
                            boolean modelWarmup, int modelRepeats) {

    static final long MIN_EVENTS = 100_000;

    public static BenchSettings from(Config config) {
        ConfigReader r = new ConfigReader(config);
        String p = "nowemu.bench";
        PholdSettings phold = new PholdSettings(
                r.intIn(p + ".components", 1, 50_000_000),
                r.intIn(p + ".events-per-component", 1, 1_000_000),
                r.duration(p + ".lookahead", 1, PholdSettings.MAX_DELAY_PS),
                r.duration(p + ".mean-delay", 0, PholdSettings.MAX_DELAY_PS),
                r.doubleIn(p + ".remote", 0, 1),
                VirtualTime.NEVER);
        long events = r.longValue(p + ".events");
        long warmup = r.longValue(p + ".warmup-events");
        if (events < MIN_EVENTS) {
            // fewer events measure only start-up, and a run with none has no rate at all
            throw r.bad(p + ".events", "must be at least " + MIN_EVENTS + ", got " + events);
        }
        if (warmup < 0) {
            throw r.bad(p + ".warmup-events", "must not be negative");
        }
        return new BenchSettings(phold, r.duration(p + ".small-window-lookahead", 1, PholdSettings.MAX_DELAY_PS), events, warmup,
                r.intIn(p + ".repeats", 1, 100), r.bool(p + ".model-warmup"), r.intIn(p + ".model-repeats", 1, 100));
    }
}
