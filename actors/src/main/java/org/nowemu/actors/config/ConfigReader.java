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
    private static final java.util.regex.Pattern RATE = java.util.regex.Pattern
            .compile("([0-9]+(?:\\.[0-9]+)?(?:[eE][0-9]+)?)\\s*(B|kB|KB|MB|GB|KiB|MiB|GiB|bit|kbit|Mbit|Gbit)/s");
    private static final java.util.regex.Pattern FREQUENCY = java.util.regex.Pattern
            .compile("([0-9]+(?:\\.[0-9]+)?)\\s*(Hz|kHz|MHz|GHz)");
    private final Config config;

    public ConfigReader(Config config) {
        this.config = config;
    }

    public Config config() {
        return config;
    }

    /** A duration with a unit, in picoseconds, at least {@code min}. */
    public long duration(String path, long min) {
        return duration(path, min, Long.MAX_VALUE);
    }

    /** A duration with a unit, in picoseconds, between {@code min} and {@code max}. */
    public long duration(String path, long min, long max) {
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
        if (ps > max) {
            throw bad(path, "must be at most " + VirtualTime.format(max) + ", got '" + text + "'");
        }
        return ps;
    }

    public int intIn(String path, int min, int max) {
        long v = longValue(path);
        if (v < min || v > max) {
            throw bad(path, "must be between " + min + " and " + max + ", got " + v);
        }
        return (int) v;
    }

    /**
     * A whole number. Typesafe Config's getLong would truncate 1.9 to 1 and clamp 1e20 to Long.MAX_VALUE;
     * a seed or a count given wrongly must be refused, not quietly changed.
     */
    public long longValue(String path) {
        Object v;
        try {
            v = config.getValue(path).unwrapped();
        } catch (ConfigException e) {
            throw from(e);
        }
        if (v instanceof Integer || v instanceof Long) {
            return ((Number) v).longValue();
        }
        if (v instanceof String text) {
            try {
                return Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                // fall through to the message below
            }
        }
        throw bad(path, "must be a whole number between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE + ", got " + v);
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

    /** The list of integers at {@code path}, as a new list the caller may change. */
    public java.util.List<Integer> intList(String path) {
        try {
            return new java.util.ArrayList<>(config.getIntList(path));
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    /** The list of strings at {@code path}, unmodifiable. */
    public java.util.List<String> stringList(String path) {
        try {
            return java.util.List.copyOf(config.getStringList(path));
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

    /** A size with a unit (B, KiB, MiB, kB, MB...; Typesafe Config's rules), in bytes, between min and max. */
    public long bytes(String path, long min, long max) {
        long v;
        try {
            v = config.getBytes(path);
        } catch (ConfigException e) {
            throw from(e);
        }
        if (v < min || v > max) {
            throw bad(path, "must be between " + min + " and " + max + " bytes, got " + v);
        }
        return v;
    }

    /**
     * A rate in bytes per second, written with a unit: {@code B/s}, {@code kB/s}, {@code MB/s}, {@code GB/s}
     * (decimal, as the hardware data sheets of the time count), {@code KiB/s}, {@code MiB/s}, or bits per
     * second {@code bit/s}, {@code Mbit/s}, {@code Gbit/s}. Must be positive.
     */
    public double bytesPerSecond(String path) {
        String text = string(path).trim();
        java.util.regex.Matcher m = RATE.matcher(text);
        if (!m.matches()) {
            throw bad(path, "expected a rate like 160MB/s or 1.28Gbit/s, got '" + text + "'");
        }
        double v = Double.parseDouble(m.group(1));
        double unit = switch (m.group(2)) {
            case "B" -> 1;
            case "kB", "KB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            case "KiB" -> 1024.0;
            case "MiB" -> 1024.0 * 1024;
            case "GiB" -> 1024.0 * 1024 * 1024;
            case "bit" -> 1 / 8.0;
            case "kbit" -> 1e3 / 8;
            case "Mbit" -> 1e6 / 8;
            default -> 1e9 / 8;
        };
        double rate = v * unit;
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw bad(path, "must be a positive rate, got '" + text + "'");
        }
        return rate;
    }

    /** A clock frequency in hertz, written {@code Hz}, {@code kHz}, {@code MHz} or {@code GHz}. Must be positive. */
    public double hertz(String path) {
        String text = string(path).trim();
        java.util.regex.Matcher m = FREQUENCY.matcher(text);
        if (!m.matches()) {
            throw bad(path, "expected a frequency like 37.5MHz, got '" + text + "'");
        }
        double v = Double.parseDouble(m.group(1)) * switch (m.group(2)) {
            case "Hz" -> 1;
            case "kHz" -> 1e3;
            case "MHz" -> 1e6;
            default -> 1e9;
        };
        if (!(v > 0)) {
            throw bad(path, "must be a positive frequency, got '" + text + "'");
        }
        return v;
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
