package org.nowemu.workloads.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.nowemu.workloads.results.Results;

/**
 * What {@code --json FILE} holds: a single run's results.json; for a sweep, the key, its values and each point's
 * results; for a suite, each member's (a run's results, or its sweep as above). Each starts with nowemu's
 * {@code version}, by which a later run knows the file is nowemu's to replace.
 */
final class Summaries {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Summaries() {
    }

    static String json(Study study, List<Results> results) {
        if (study.single()) {
            return results.get(0).toJson() + System.lineSeparator();
        }
        ObjectNode root = org.nowemu.workloads.results.OwnedJson.stamp(JSON.createObjectNode());
        if (study.suite().isEmpty()) {
            root.put("experiment", study.name());
            sweep(study, study.sweeps().get(0), results, root);
        } else {
            root.put("suite", study.name());
            ObjectNode members = root.putObject("experiments");
            for (Study.Member m : study.suite()) {
                if (m.sweep()) {
                    ObjectNode s = members.putObject(m.name());
                    s.put("experiment", m.name());
                    sweep(study, study.sweeps().stream().filter(g -> g.dir().equals(m.dir() + "/")).findFirst()
                            .orElseThrow(), results, s);
                } else {
                    for (int i = 0; i < study.points().size(); i++) {
                        if (study.points().get(i).dir().equals(m.dir())) {
                            members.set(m.name(), results.get(i).toTree());
                        }
                    }
                }
            }
        }
        try {
            return JSON.writeValueAsString(root) + System.lineSeparator();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sweep(Study study, Study.SweepGroup g, List<Results> results, ObjectNode into) {
        ObjectNode s = into.putObject("sweep");
        s.put("key", g.key());
        ArrayNode values = s.putArray("values");
        g.values().forEach(values::add);
        ArrayNode points = into.putArray("points");
        for (int i : g.points()) {
            points.add(results.get(i).toTree());
        }
    }
}
