package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Settings of the runtime, from {@code nowemu.seed} and {@code nowemu.runtime} (see actors' reference.conf).
 *
 * @param seed       the run's seed; each component's random stream derives from (seed, component id)
 * @param threads    dispatcher threads, one lane each (resolved: never 0)
 * @param partitions partitions with their own sub-coordinator
 * @param tracing    whether components keep a trace track
 * @param traceLimit trace entries kept per component
 * @param idleCpuLevel how hard an idle lane spins before parking, 1..10
 * @param horizonReach the farthest source a component's safe horizon looks at (ps; 0 = fixed windows of one
 *                     lookahead), see {@link Horizons}
 * @param horizonSources the most sources a component's safe horizon looks at
 * @param laneParkNs   how long an idle lane parks before it looks for a stalled lane again (ns)
 * @param engine     what runs the model: the actor runtime or the sequential reference engine
 * @param units      which components the actor runtime activates as one ({@link Units})
 */
public record RuntimeSettings(long seed, int threads, int partitions, boolean tracing, int traceLimit, int idleCpuLevel,
                              long horizonReach, int horizonSources, long laneParkNs, Engine engine, UnitPolicy units) {

    /** Which components the actor runtime activates as one (key {@code nowemu.runtime.units}); never changes results. */
    public enum UnitPolicy {
        /** The components of one placement group ({@link ModelBuilder#group}: a switch with the hosts on it). */
        GROUP,
        /** The components of one node of a placement group, by name ({@code node.part}): a host, or a switch. */
        NODE,
        /** Every component on its own. */
        NONE
    }

    /** The default units (actors' reference.conf), for settings built by hand. */
    public static final UnitPolicy DEFAULT_UNITS = UnitPolicy.GROUP;

    /** What runs a model (key {@code nowemu.runtime.engine}); both give the same result and digest. */
    public enum Engine {
        /** The actor runtime: components in Pekko actors, advanced window by window ({@link Emulation}). */
        ACTORS,
        /** One thread, one event heap, no Pekko and no windows ({@link SequentialEngine}): the oracle. */
        SEQUENTIAL
    }

    /** The default reach and sources of the safe horizons (actors' reference.conf). */
    public static final long DEFAULT_HORIZON_REACH = 1_000_000L;
    public static final int DEFAULT_HORIZON_SOURCES = 64;
    /** The default lane park (actors' reference.conf), for lanes built without settings (cluster members). */
    public static final long DEFAULT_LANE_PARK = 50_000L;

    /** Settings on the actor runtime with the default safe horizons and lane park. */
    public RuntimeSettings(long seed, int threads, int partitions, boolean tracing, int traceLimit, int idleCpuLevel) {
        this(seed, threads, partitions, tracing, traceLimit, idleCpuLevel, DEFAULT_HORIZON_REACH, DEFAULT_HORIZON_SOURCES,
                DEFAULT_LANE_PARK, Engine.ACTORS, DEFAULT_UNITS);
    }

    /** Settings with the default spinning (10), for tests and tools that build settings by hand. */
    public RuntimeSettings(long seed, int threads, int partitions, boolean tracing, int traceLimit) {
        this(seed, threads, partitions, tracing, traceLimit, 10);
    }

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
        int idle = r.intIn("nowemu.runtime.idle-cpu-level", 1, 10);
        long reach = r.duration("nowemu.runtime.horizon.reach", 0, VirtualTime.parse("1s"));
        int sources = r.intIn("nowemu.runtime.horizon.sources", 1, 1 << 16);
        long park = r.duration("nowemu.runtime.lane-park", 1_000_000L, 10_000_000_000L) / 1_000L;
        String engine = r.string("nowemu.runtime.engine");
        Engine e = switch (engine) {
            case "actors" -> Engine.ACTORS;
            case "sequential" -> Engine.SEQUENTIAL;
            default -> throw r.bad("nowemu.runtime.engine", "expected actors or sequential, got '" + engine + "'");
        };
        String unitName = r.string("nowemu.runtime.units");
        UnitPolicy units = switch (unitName) {
            case "group" -> UnitPolicy.GROUP;
            case "node" -> UnitPolicy.NODE;
            case "none" -> UnitPolicy.NONE;
            default -> throw r.bad("nowemu.runtime.units", "expected group, node or none, got '" + unitName + "'");
        };
        return new RuntimeSettings(seed, threads, partitions, tracing, limit, idle, reach, sources, park, e, units);
    }

    public RuntimeSettings withSeed(long s) {
        return new RuntimeSettings(s, threads, partitions, tracing, traceLimit, idleCpuLevel, horizonReach,
                horizonSources, laneParkNs, engine, units);
    }

    public RuntimeSettings withThreads(int t) {
        return new RuntimeSettings(seed, t, partitions, tracing, traceLimit, idleCpuLevel, horizonReach,
                horizonSources, laneParkNs, engine, units);
    }

    public RuntimeSettings withPartitions(int p) {
        return new RuntimeSettings(seed, threads, p, tracing, traceLimit, idleCpuLevel, horizonReach,
                horizonSources, laneParkNs, engine, units);
    }

    /** The same settings with safe horizons of {@code reach} (ps; 0 = fixed windows) over {@code sources}. */
    public RuntimeSettings withHorizon(long reach, int sources) {
        return new RuntimeSettings(seed, threads, partitions, tracing, traceLimit, idleCpuLevel, reach, sources,
                laneParkNs, engine, units);
    }

    public RuntimeSettings withEngine(Engine e) {
        return new RuntimeSettings(seed, threads, partitions, tracing, traceLimit, idleCpuLevel, horizonReach,
                horizonSources, laneParkNs, e, units);
    }

    public RuntimeSettings withUnits(UnitPolicy u) {
        return new RuntimeSettings(seed, threads, partitions, tracing, traceLimit, idleCpuLevel, horizonReach,
                horizonSources, laneParkNs, engine, u);
    }
}
