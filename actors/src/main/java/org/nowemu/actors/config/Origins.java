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
        if (name == null) {
            // Strings parsed from the command line describe themselves ("--set k=v: 1"); the line means nothing.
            return origin.description().replaceFirst(": \\d+$", "");
        }
        return origin.lineNumber() > 0 ? name + ":" + origin.lineNumber() : name;
    }
}
