package org.nowemu.workloads.results;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import org.nowemu.actors.runtime.RunResult;

/**
 * The contents of {@code results.json}, the contract scripts outside the project read (DESIGN.md section 4).
 *
 * @param windows             synchronisation windows the runtime used (how the run was scheduled: it depends on
 *                            the lookahead and, over several JVMs, on the placement; never part of the results)
 * @param activationsPerEvent lane activations (a lane at work in a window) per handled event (idem)
 * @param runtime             how the runtime ran it ({@link org.nowemu.actors.runtime.RuntimeReport}): engine, lanes
 *                            (per JVM), JVMs, the planner's coupling factor {@code lambda} and expected speed-up (null
 *                            when it made no estimate), its choice in words, barrier crossings, messages that crossed
 *                            lanes (or JVMs), events of the pilot, events per window per lane (never part of results)
 * @param metrics             flat, named numbers about the emulated system; integral values are written as
 *                            integers; the same on one JVM or several
 * @param configuration       what ran ({@link Configuration}): enough to run it again
 * @param version             the build that ran it
 */
@JsonPropertyOrder({"experiment", "seed", "virtualTimePs", "events", "wallSeconds", "eventsPerSecond", "windows",
        "activationsPerEvent", "runtime", "digest", "metrics", "invariants", "configuration", "version"})
public record Results(String experiment, long seed, long virtualTimePs, long events, double wallSeconds,
                      double eventsPerSecond, long windows, double activationsPerEvent, Map<String, Object> runtime,
                      String digest, Map<String, Number> metrics, RunInvariants invariants, JsonNode configuration,
                      Version version) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The results of run {@code r} of {@code experiment}, whose resolved configuration was {@code config}. A metric
     * that is not a number (NaN: nothing was measured) is left out, never written as a made-up value.
     */
    public static Results of(String experiment, long seed, RunResult r, SortedMap<String, Double> metrics,
                             Config config) {
        Map<String, Number> m = new LinkedHashMap<>();
        metrics.forEach((k, v) -> {
            if (Double.isFinite(v)) {
                m.put(k, v == Math.rint(v) && Math.abs(v) < 1e15 ? (Number) v.longValue() : v);
            }
        });
        return new Results(experiment, seed, r.finalTimePs(), r.events(), r.wallSeconds(), r.eventsPerSecond(),
                r.windows(), r.events() == 0 ? 0 : r.activations() / (double) r.events(), runtime(r.runtime()),
                r.digest(), m, RunInvariants.of(r), Configuration.of(config), Version.current());
    }

    private static Map<String, Object> runtime(org.nowemu.actors.runtime.RuntimeReport how) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", how.engine());
        m.put("lanes", how.lanes());
        m.put("jvms", how.members());
        m.put("lambda", how.lambda());
        m.put("expectedSpeedup", how.expectedSpeedup());
        m.put("choice", how.choice());
        m.put("barrierCrossings", how.barrierCrossings());
        m.put("crossedMessages", how.crossLaneMessages());
        m.put("pilotEvents", how.pilotEvents());
        m.put("eventsPerWindowPerLane", how.eventsPerWindowPerLane());
        return m;
    }

    /** The hardware profile the run emulated. */
    public String profile() {
        return configuration.at("/nowemu/hardware/profile").asText();
    }

    /** The figures published for this run's profile beside its metrics of the same name. */
    public java.util.List<Published.Row> published() {
        return Published.compare(metrics, profile());
    }

    /** The results as a JSON tree (for a sweep's or a suite's summary). */
    public JsonNode toTree() {
        return JSON.valueToTree(this);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
