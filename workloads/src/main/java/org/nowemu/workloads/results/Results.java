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
 * @param activationsPerEvent component activations per handled event (idem)
 * @param metrics             flat, named numbers about the emulated system; integral values are written as
 *                            integers; the same on one JVM or several
 * @param configuration       what ran ({@link Configuration}): enough to run it again
 * @param version             the build that ran it
 */
@JsonPropertyOrder({"experiment", "seed", "virtualTimePs", "events", "wallSeconds", "eventsPerSecond", "windows",
        "activationsPerEvent", "digest", "metrics", "invariants", "configuration", "version"})
public record Results(String experiment, long seed, long virtualTimePs, long events, double wallSeconds,
                      double eventsPerSecond, long windows, double activationsPerEvent, String digest,
                      Map<String, Number> metrics, RunInvariants invariants, JsonNode configuration,
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
                r.windows(), r.events() == 0 ? 0 : r.activations() / (double) r.events(), r.digest(), m,
                RunInvariants.of(r), Configuration.of(config), Version.current());
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
