package org.nowemu.actors.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.nowemu.actors.runtime.ComponentReport;

/**
 * Writes the components' trace tracks as a Chrome/Perfetto trace-event JSON file (open it in
 * ui.perfetto.dev or chrome://tracing): one track (thread) per component, named after it; virtual time on the
 * axis, in microseconds as the format wants. Handled messages are instants, recorded busy spans are complete
 * ("X") events.
 */
public final class TraceWriter {
    private TraceWriter() {
    }

    /** Writes the trace to {@code file} (callers stage it and move it into place). */
    public static void write(Path file, List<ComponentReport> components) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeArrayFieldStart("traceEvents");
            meta(g, "process_name", 0, "nowemu");
            for (ComponentReport c : components) {
                meta(g, "thread_name", c.id(), c.name());
            }
            for (ComponentReport c : components) {
                for (TraceEntry e : c.trace()) {
                    g.writeStartObject();
                    g.writeStringField("name", e.name());
                    g.writeStringField("ph", e.isInstant() ? "i" : "X");
                    g.writeNumberField("ts", e.timePs() / 1e6);
                    if (e.isInstant()) {
                        g.writeStringField("s", "t");
                    } else {
                        g.writeNumberField("dur", e.durationPs() / 1e6);
                    }
                    g.writeNumberField("pid", 0);
                    g.writeNumberField("tid", c.id());
                    g.writeObjectFieldStart("args");
                    g.writeNumberField("from", e.from());
                    g.writeNumberField("ps", e.timePs());
                    g.writeEndObject();
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void meta(JsonGenerator g, String what, int tid, String name) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", what);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", 0);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeStringField("name", name);
        g.writeEndObject();
        g.writeEndObject();
    }
}
