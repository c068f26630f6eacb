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
    private static final java.util.regex.Pattern WRONG_TYPE = java.util.regex.Pattern
            .compile("(.*): (\\S+) has type (.+) rather than (.+)");
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

    /** A whole number between {@code min} and {@code max}; the message quotes those bounds, never a type's. */
    public int intIn(String path, int min, int max) {
        return (int) longIn(path, min, max);
    }

    /**
     * A whole number. Typesafe Config's getLong would truncate 1.9 to 1 and clamp 1e20 to Long.MAX_VALUE;
     * a seed or a count given wrongly must be refused, not quietly changed.
     */
    public long longValue(String path) {
        return longIn(path, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A whole number between {@code min} and {@code max}, refused (never rounded) otherwise. */
    public long longIn(String path, long min, long max) {
        boolean noMin = min == Long.MIN_VALUE || min == Integer.MIN_VALUE;
        boolean noMax = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
        String limits = noMax ? "at least " + min : noMin ? "at most " + max : "between " + min + " and " + max;
        Long v = whole(value(path));
        if (v == null) {
            throw bad(path, "must be a whole number" + (noMin && noMax ? "" : noMax || noMin ? " of " + limits
                    : " " + limits) + ", got " + Values.describe(value(path)));
        }
        if (v < min || v > max) {
            throw bad(path, "must be " + limits + ", got " + v);
        }
        return v;
    }

    /** The value as a whole number, or null if it is not one (a fraction, a text, out of a long's range). */
    private static Long whole(ConfigValue v) {
        Object u = v.unwrapped();
        if (u instanceof Integer || u instanceof Long) {
            return ((Number) u).longValue();
        }
        if (u instanceof String text) {
            try {
                return Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private ConfigValue value(String path) {
        try {
            return config.getValue(path);
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    public double doubleIn(String path, double min, double max) {
        double v;
        try {
            v = config.getDouble(path);
        } catch (ConfigException.WrongType | ConfigException.BadValue e) {
            throw bad(path, "must be a number between " + min + " and " + max + ", got " + Values.describe(value(path)));
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
        } catch (ConfigException.WrongType | ConfigException.BadValue e) {
            throw bad(path, "must be true or false, got " + Values.describe(value(path)));
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    /**
     * The list of whole numbers at {@code path} (each an int), as a new list the caller may change. Typesafe
     * Config's getIntList would truncate 2.5 to 2: refused instead.
     */
    public java.util.List<Integer> intList(String path) {
        ConfigValue v = value(path);
        java.util.List<Integer> out = new java.util.ArrayList<>();
        if (v instanceof com.typesafe.config.ConfigList list) {
            for (ConfigValue e : list) {
                Long n = whole(e);
                if (n == null || n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
                    out = null;
                    break;
                }
                out.add(n.intValue());
            }
            if (out != null) {
                return out;
            }
        }
        throw bad(path, "must be a list of whole numbers such as [1, 2, 4], got " + Values.describe(v));
    }

    /** The list of strings at {@code path}, unmodifiable. */
    public java.util.List<String> stringList(String path) {
        try {
            return java.util.List.copyOf(config.getStringList(path));
        } catch (ConfigException.WrongType e) {
            throw bad(path, "must be a list of names such as [a, b], got " + Values.describe(value(path)));
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    public String string(String path) {
        try {
            return config.getString(path);
        } catch (ConfigException.WrongType e) {
            throw bad(path, "must be a single value, got " + Values.describe(value(path)));
        } catch (ConfigException e) {
            throw from(e);
        }
    }

    /** A size with a unit (B, KiB, MiB, kB, MB...; Typesafe Config's rules), in bytes, between min and max. */
    public long bytes(String path, long min, long max) {
        long v;
        try {
            v = config.getBytes(path);
        } catch (ConfigException.WrongType | ConfigException.BadValue e) {
            throw bad(path, "must be a size such as 4096B or 64KiB, got " + Values.describe(value(path)));
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

    /**
     * Typesafe Config's messages already name the origin and the key; keep them on one line, and say a wrong type
     * the way nowemu's own messages do (the key first, the expected kind of value in words).
     */
    public static BadInputException from(ConfigException e) {
        String m = e.getMessage().replaceAll("\\s*\\n\\s*", " ");
        if (e instanceof ConfigException.WrongType) {
            java.util.regex.Matcher t = WRONG_TYPE.matcher(m);
            if (t.matches()) {
                return new BadInputException(t.group(2) + ": must be " + Values.kind(t.group(4)) + ", got "
                        + Values.kind(t.group(3)) + " (" + Origins.describe(e.origin()) + ")");
            }
        }
        return new BadInputException(m);
    }
}
