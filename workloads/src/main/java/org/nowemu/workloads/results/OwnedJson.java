package org.nowemu.workloads.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a JSON file is one nowemu wrote, by its content: every JSON file nowemu writes (results.json, a sweep's
 * or a suite's {@code --json}, the bench's) has nowemu's {@code version} object ({@code {"project": ...}}) at its
 * top. Files from before that stamp are recognised by their shape: a sweep's or suite's summary whose first point
 * or member carries the version, and the bench's figures. The file is read as a stream, so a large one costs no
 * memory, and anything that is not such JSON (a thesis, a binary file) is simply not nowemu's.
 */
public final class OwnedJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private OwnedJson() {
    }

    /** Adds nowemu's version at the top of {@code root}, the stamp {@link #owned} looks for. */
    public static ObjectNode stamp(ObjectNode root) {
        root.putPOJO("version", Version.current());
        return root;
    }

    /** Whether the regular file {@code file} holds JSON nowemu wrote; false if it cannot be read. */
    public static boolean owned(Path file) {
        try (InputStream in = Files.newInputStream(file); JsonParser p = FACTORY.createParser(in)) {
            return p.nextToken() == JsonToken.START_OBJECT && ownedObject(p, 0);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The parser stands on an object's start: whether that object is nowemu's. */
    private static boolean ownedObject(JsonParser p, int depth) throws IOException {
        boolean benchRate = false;
        boolean benchLoop = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if (field.equals("version") && value == JsonToken.START_OBJECT && hasTextProject(p)) {
                return true;
            }
            if (depth == 0 && field.equals("points") && value == JsonToken.START_ARRAY) {
                // An earlier sweep summary: its first point is a results.json.
                return p.nextToken() == JsonToken.START_OBJECT && ownedObject(p, 1);
            }
            if (depth == 0 && field.equals("experiments") && value == JsonToken.START_OBJECT) {
                // An earlier suite summary: its first member is a run's results or a sweep summary.
                return p.nextToken() == JsonToken.FIELD_NAME && p.nextToken() == JsonToken.START_OBJECT
                        && ownedObject(p, 0);
            }
            benchRate |= field.equals("runtimeEventsPerSecond");
            benchLoop |= field.equals("plainLoopEventsPerSecond");
            p.skipChildren();
        }
        return depth == 0 && benchRate && benchLoop;
    }

    /** The parser stands on the version object's start: whether it names the project as text. */
    private static boolean hasTextProject(JsonParser p) throws IOException {
        boolean project = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            project |= p.nextToken() == JsonToken.VALUE_STRING && field.equals("project");
            p.skipChildren();
        }
        return project;
    }
}
