package org.nowemu.actors.runtime;

import com.typesafe.config.Config;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;

/**
 * Settings of the runtime, from {@code nowemu.seed} and {@code nowemu.runtime} (see actors' reference.conf).
 *
 * @param seed         the run's seed; each component's random stream derives from (seed, component id)
 * @param threads      lanes on one JVM, each a thread running its share of the model as one loop; 0 = the
 *                     {@link Planner} chooses between one and one per core
 * @param tracing      whether components keep a trace track
 * @param traceLimit   trace entries kept per component
 * @param idleCpuLevel how long a lane waiting at the barrier spins before it parks, 1..10 (level x 2us)
 * @param engine       what runs the model: the actor runtime or the sequential reference engine
 * @param planner      how the planner chooses the lanes
 */
public record RuntimeSettings(long seed, int threads, boolean tracing, int traceLimit, int idleCpuLevel, Engine engine,
                              Planner planner) {

    /** What runs a model (key {@code nowemu.runtime.engine}); both give the same result and digest. */
    public enum Engine {
        /** The actor runtime: lanes hosted by Pekko actors, each running its share of the components ({@link Emulation}). */
        ACTORS,
        /** One thread, one event heap, no Pekko and no windows ({@link SequentialEngine}): the oracle. */
        SEQUENTIAL
    }

    /** The planner of actors' reference.conf, for settings built by hand. */
    public static final Planner DEFAULT_PLANNER = new Planner(50_000, 0, 300_000, 0, 1.2, 0, 0.75, 3, 1_000_000, 0.5);

    /** Settings on the actor runtime with the default spinning and planner. */
    public RuntimeSettings(long seed, int threads, boolean tracing, int traceLimit) {
        this(seed, threads, tracing, traceLimit, 10, Engine.ACTORS, DEFAULT_PLANNER);
    }

    public static RuntimeSettings from(Config config) {
        ConfigReader r = new ConfigReader(config);
        long seed = r.longValue("nowemu.seed");
        int threads = r.intIn("nowemu.runtime.threads", 0, 1024);
        boolean tracing = r.bool("nowemu.runtime.trace.enabled");
        int limit = r.intIn("nowemu.runtime.trace.max-events-per-component", 0, Integer.MAX_VALUE);
        int idle = r.intIn("nowemu.runtime.idle-cpu-level", 1, 10);
        String engine = r.string("nowemu.runtime.engine");
        Engine e = switch (engine) {
            case "actors" -> Engine.ACTORS;
            case "sequential" -> Engine.SEQUENTIAL;
            default -> throw r.bad("nowemu.runtime.engine", "expected actors or sequential, got '" + engine + "'");
        };
        String p = "nowemu.runtime.planner.";
        long pilot = r.longIn(p + "pilot-events", 1, 1L << 40);
        long barrier = r.duration(p + "barrier-cost", 0, VirtualTime.parse("1s")); // ps of wall time
        long members = r.duration(p + "member-barrier-cost", 1_000, VirtualTime.parse("1s"));
        long event = r.duration(p + "event-cost", 0, VirtualTime.parse("1s"));
        double min = r.doubleIn(p + "min-speedup", 0, 1_000);
        int cores = r.intIn(p + "cores", 0, 1024);
        double floor = r.doubleIn(p + "watch-floor", 0, 1024);
        int stretches = r.intIn(p + "watch-stretches", 1, 1_000_000);
        long retry = r.longIn(p + "retry-events", 0, 1L << 40);
        double compiler = r.doubleIn(p + "compiler-busy", 0, 1024);
        Planner planner = new Planner(pilot, barrier / 1_000.0, members / 1_000.0, event / 1_000.0, min, cores, floor,
                stretches, retry, compiler);
        return new RuntimeSettings(seed, threads, tracing, limit, idle, e, planner);
    }

    /** How long a lane waiting at the barrier spins before it parks (ns). */
    long spinNs() {
        return idleCpuLevel * 2_000L;
    }

    public RuntimeSettings withSeed(long s) {
        return new RuntimeSettings(s, threads, tracing, traceLimit, idleCpuLevel, engine, planner);
    }

    public RuntimeSettings withThreads(int t) {
        return new RuntimeSettings(seed, t, tracing, traceLimit, idleCpuLevel, engine, planner);
    }

    public RuntimeSettings withEngine(Engine e) {
        return new RuntimeSettings(seed, threads, tracing, traceLimit, idleCpuLevel, e, planner);
    }

    public RuntimeSettings withPlanner(Planner p) {
        return new RuntimeSettings(seed, threads, tracing, traceLimit, idleCpuLevel, engine, p);
    }
}
