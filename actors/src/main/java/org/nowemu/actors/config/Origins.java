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
        String name = origin.filename() != null ? origin.filename()
                : origin.resource() != null ? origin.resource() : origin.description();
        return origin.lineNumber() > 0 ? name + ":" + origin.lineNumber() : name;
    }
}
