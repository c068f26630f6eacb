package org.nowemu.workloads.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The {@code version} of results.json: the project version, and the git commit the build came from when it was
 * built from a git checkout ({@code dirty} when that checkout had uncommitted changes).
 *
 * @param commit abbreviated commit id, or null when not built from git
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Version(String project, String commit, Boolean dirty) {
    private static final Version CURRENT = read();

    public static Version current() {
        return CURRENT;
    }

    private static Version read() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/nowemu-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // an unreadable resource leaves the version unknown
        }
        String project = known(p.getProperty("version"));
        String commit = known(p.getProperty("commit"));
        String dirty = known(p.getProperty("dirty"));
        return new Version(project == null ? "unknown" : project, commit,
                commit == null || dirty == null ? null : Boolean.valueOf(dirty));
    }

    /** A property the build did not fill in (no git) still reads ${...}. */
    private static String known(String v) {
        return v == null || v.isBlank() || v.contains("${") ? null : v.trim();
    }

    @Override
    public String toString() {
        return project + (commit == null ? "" : " (" + commit + (Boolean.TRUE.equals(dirty) ? ", modified" : "") + ")");
    }
}
