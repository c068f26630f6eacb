package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import org.nowemu.actors.config.ConfigReader;

/**
 * Settings of the runtime, from {@code nowemu.seed} and {@code nowemu.runtime} (see actors' reference.conf).
 *
 * @param seed       the run's seed; each component's random stream derives from (seed, component id)
 * @param threads    dispatcher threads (resolved: never 0)
 * @param partitions partitions with their own sub-coordinator
 * @param tracing    whether components keep a trace track
 * @param traceLimit trace entries kept per component
 */
public record RuntimeSettings(long seed, int threads, int partitions, boolean tracing, int traceLimit) {

    public static RuntimeSettings from(Config config) {
        ConfigReader r = new ConfigReader(config);
        long seed = r.longValue("nowemu.seed");
        int threads = r.intIn("nowemu.runtime.threads", 0, 1024);
        if (threads == 0) {
            threads = Runtime.getRuntime().availableProcessors();
        }
        int partitions = r.intIn("nowemu.runtime.partitions", 1, 1 << 16);
        boolean tracing = r.bool("nowemu.runtime.trace.enabled");
        int limit = r.intIn("nowemu.runtime.trace.max-events-per-component", 0, Integer.MAX_VALUE);
        return new RuntimeSettings(seed, threads, partitions, tracing, limit);
    }

    public RuntimeSettings withSeed(long s) {
        return new RuntimeSettings(s, threads, partitions, tracing, traceLimit);
    }

    public RuntimeSettings withThreads(int t) {
        return new RuntimeSettings(seed, t, partitions, tracing, traceLimit);
    }

    public RuntimeSettings withPartitions(int p) {
        return new RuntimeSettings(seed, threads, p, tracing, traceLimit);
    }
}
