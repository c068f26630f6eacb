package org.nowemu.workloads.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The {@code configuration} of results.json: every {@code nowemu.*} key whose resolved value differs from the
 * reference files, plus always the keys that say what ran (seed, workload, hardware profile, topology, stack,
 * fault schedule), as one nested object. It is enough to run the same thing again:
 * {@code ./nowemu run results.json} takes it as its experiment. Left out: where the run went and its secrets
 * ({@code nowemu.cluster}), and how the command line got there ({@code nowemu.experiment}, {@code nowemu.sweep},
 * {@code nowemu.suite}), none of which changes a result.
 */
public final class Configuration {
    static final List<String> ALWAYS = List.of("nowemu.seed", "nowemu.workload", "nowemu.hardware.profile",
            "nowemu.topology.name", "nowemu.protocol.stack", "nowemu.faults");
    private static final List<String> LEFT_OUT = List.of("nowemu.cluster", "nowemu.experiment", "nowemu.sweep",
            "nowemu.suite");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Configuration() {
    }

    /** The recorded configuration of a run whose resolved configuration is {@code resolved}. */
    public static JsonNode of(Config resolved) {
        Config reference = ConfigFactory.parseResources("reference.conf").resolve();
        Config out = ConfigFactory.empty();
        if (resolved.hasPath("nowemu")) {
            out = walk("nowemu", resolved.getValue("nowemu"), reference, out);
        }
        for (String k : ALWAYS) {
            if (resolved.hasPath(k) && !out.hasPathOrNull(k)) {
                out = out.withValue(k, resolved.getValue(k));
            }
        }
        try {
            return JSON.readTree(out.root().render(ConfigRenderOptions.concise()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Adds every leaf under {@code path} (nulls too) that the reference does not hold with the same value. */
    private static Config walk(String path, ConfigValue v, Config reference, Config out) {
        for (String skip : LEFT_OUT) {
            if (path.equals(skip)) {
                return out;
            }
        }
        if (v instanceof ConfigObject o && !o.isEmpty() && !isOpenLeaf(path, reference)) {
            for (String k : new TreeSet<>(o.keySet())) {
                out = walk(path + "." + com.typesafe.config.ConfigUtil.joinPath(k), o.get(k), reference, out);
            }
            return out;
        }
        Object mine = v.unwrapped();
        Object theirs = !reference.hasPathOrNull(path) ? Missing.VALUE
                : reference.getIsNull(path) ? null : reference.getValue(path).unwrapped();
        if (!Objects.equals(mine, theirs)) {
            out = out.withValue(path, v == null ? ConfigValueFactory.fromAnyRef(null) : v);
        }
        return out;
    }

    /** An object the reference holds as a leaf-like value (an empty section a user fills): kept whole. */
    private static boolean isOpenLeaf(String path, Config reference) {
        return reference.hasPath(path) && reference.getValue(path) instanceof ConfigObject o && o.isEmpty();
    }

    private enum Missing { VALUE }
}
