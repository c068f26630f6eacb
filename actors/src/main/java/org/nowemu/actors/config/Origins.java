package org.nowemu.actors.config;

import com.typesafe.config.ConfigOrigin;

/** Short descriptions of where a configuration value came from: {@code phold.conf:12} or {@code --set}. */
public final class Origins {
    private Origins() {
    }

    public static String describe(ConfigOrigin origin) {
        if (origin == null) {
            return "unknown origin";
        }
        String name = origin.filename() != null ? java.nio.file.Path.of(origin.filename()).getFileName().toString()
                : origin.resource();
        if (name == null && origin.url() != null) {
            String path = origin.url().getPath();
            name = path.substring(path.lastIndexOf('/') + 1);
        }
        if (name != null && name.endsWith("reference.conf")) {
            // Not something the user wrote: a default (the jar's path would only confuse).
            return "the default, in reference.conf";
        }
        if (name == null) {
            // Strings parsed from the command line describe themselves ("--set k=v: 1"); the line means nothing.
            return origin.description().replaceFirst(": \\d+$", "");
        }
        return origin.lineNumber() > 0 ? name + ":" + origin.lineNumber() : name;
    }
}
