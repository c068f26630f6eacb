package org.nowemu.actors.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValue;
import org.nowemu.actors.time.VirtualTime;

/**
 * Reads typed, validated values from a resolved {@link Config} for the {@code Settings} records of the
 * components. Every failure becomes a {@link BadInputException} whose one-line message names the key, the
 * file and line (or {@code --set}) it came from, and what was expected.
 */
public final class ConfigReader {
    private final Config config;

    public ConfigReader(Config config) {
        this.config = config;
    }

    public Config config() {
        return config;
    }

    /** A duration with a unit, in picoseconds, at least {@code min}. */
    public long duration(String path, long min) {
        String text = string(path);
        long ps;
        try {
            ps = VirtualTime.parse(text);
        } catch (IllegalArgumentException e) {
            throw bad(path, e.getMessage());
        }
        if (ps < min) {
            throw bad(path, "must be at least " + VirtualTime.format(min) + ", got '" + text + "'");
        }
        return ps;
    }

    public int intIn(String path, int min, int max) {
        int v;
        try {
            v = config.getInt(path);
        } catch (ConfigException e) {
            throw from(e);
        }
        if (v < min || v > max) {
            throw bad(path, "must be between " + min + " and " + max + ", got " + v);
        }
        return v;
    }

    public long longValue(String path) {
        try {
            return config.getLong(path);
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    public double doubleIn(String path, double min, double max) {
        double v;
        try {
            v = config.getDouble(path);
        } catch (ConfigException e) {
            throw from(e);
        }
        if (!(v >= min && v <= max)) {
            throw bad(path, "must be between " + min + " and " + max + ", got " + v);
        }
        return v;
    }

    public boolean bool(String path) {
        try {
            return config.getBoolean(path);
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    public String string(String path) {
        try {
            return config.getString(path);
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    /** A failure about the value at {@code path}, naming where that value was set. */
    public BadInputException bad(String path, String what) {
        String where = "";
        if (config.hasPathOrNull(path)) {
            ConfigValue v = config.getValue(path);
            where = " (" + Origins.describe(v.origin()) + ")";
        }
        return new BadInputException(path + ": " + what + where);
    }

    /** Typesafe Config's messages already name the origin and the key; keep them on one line. */
    public static BadInputException from(ConfigException e) {
        return new BadInputException(e.getMessage().replaceAll("\\s*\\n\\s*", " "));
    }
}
