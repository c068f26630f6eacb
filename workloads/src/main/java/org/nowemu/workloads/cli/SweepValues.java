package org.nowemu.workloads.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.config.ConfigReader;

/**
 * The swept key and its values ({@code nowemu.sweep}), read strictly: a list ({@code values}) or a decimal range
 * ({@code range.from}, {@code range.to}, {@code range.step}, counted exactly, so 0.1 by 0.1 gives 0.3, not
 * 0.30000000000000004), each value kept as written. The sweep's own keys and the keys that choose what runs
 * cannot be swept.
 */
final class SweepValues {
    private static final int MAX_POINTS = 10_000;

    /** A sweep of {@code key}: its values as configuration values and as the text that names each point. */
    record Sweep(String key, List<ConfigValue> values, List<String> texts) {
    }

    private SweepValues() {
    }

    /** The sweep the configuration asks for, or null for none. */
    static Sweep of(Config c) {
        ConfigReader r = new ConfigReader(c);
        String key = r.string("nowemu.sweep.key").trim();
        List<? extends ConfigValue> listed;
        BigDecimal from;
        BigDecimal to;
        BigDecimal step;
        try {
            listed = c.getList("nowemu.sweep.values");
            from = decimal(c, "nowemu.sweep.range.from");
            to = decimal(c, "nowemu.sweep.range.to");
            step = decimal(c, "nowemu.sweep.range.step");
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        boolean range = step.signum() != 0;
        // A range is asked for when any of its keys is set; its step must then say how to count.
        boolean rangeAsked = range || from.signum() != 0 || to.signum() != 0;
        if (key.isEmpty()) {
            if (!listed.isEmpty() || rangeAsked) {
                throw r.bad(range ? "nowemu.sweep.range.step" : rangeAsked ? (from.signum() != 0
                        ? "nowemu.sweep.range.from" : "nowemu.sweep.range.to") : "nowemu.sweep.values",
                        "values to sweep, but no nowemu.sweep.key names the key");
            }
            return null;
        }
        if (rangeAsked && !range && listed.isEmpty()) {
            throw r.bad("nowemu.sweep.range.step", "a range from " + from.toPlainString() + " to "
                    + to.toPlainString() + " needs a step other than 0");
        }
        try {
            ConfigUtil.splitPath(key);
        } catch (ConfigException e) {
            throw r.bad("nowemu.sweep.key", "'" + key + "' is not a key path");
        }
        if (key.equals("nowemu") || key.startsWith("nowemu.sweep") || key.startsWith("nowemu.suite")
                || key.equals("nowemu.experiment") || key.equals("nowemu.workload")) {
            throw r.bad("nowemu.sweep.key", "cannot sweep " + key + ": the sweep's and the suite's keys, nowemu.experiment and nowemu.workload choose what runs");
        }
        if (!c.hasPathOrNull(key)) {
            throw r.bad("nowemu.sweep.key", "sweeps '" + key + "', which no reference.conf knows");
        }
        if (!listed.isEmpty() && range) {
            throw r.bad("nowemu.sweep.values", "give values or a range, not both");
        }
        List<ConfigValue> values = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (ConfigValue v : listed) {
            values.add(v);
            texts.add(text(v));
        }
        if (range) {
            BigDecimal n = to.subtract(from).divide(step, java.math.MathContext.DECIMAL64);
            if (n.signum() < 0 || n.compareTo(BigDecimal.valueOf(MAX_POINTS)) >= 0) {
                throw r.bad("nowemu.sweep.range.step", "from " + from.toPlainString() + " to " + to.toPlainString()
                        + " by " + step.toPlainString() + " gives no points or more than " + MAX_POINTS);
            }
            for (BigDecimal x = from; step.signum() > 0 ? x.compareTo(to) <= 0 : x.compareTo(to) >= 0; x = x.add(step)) {
                String t = x.stripTrailingZeros().toPlainString();
                values.add(ConfigFactory.parseString("v = " + t).getValue("v"));
                texts.add(t);
            }
        }
        if (values.isEmpty()) {
            throw r.bad("nowemu.sweep.key", "sweeps " + key + " but gives no values: set nowemu.sweep.values, or"
                    + " nowemu.sweep.range.from, .to and .step");
        }
        return new Sweep(key, values, texts);
    }

    private static BigDecimal decimal(Config c, String path) {
        ConfigValue v = c.getValue(path);
        if (v.valueType() != ConfigValueType.NUMBER) {
            throw new ConfigException.WrongType(v.origin(), path, "number", v.valueType().name().toLowerCase());
        }
        return new BigDecimal(v.render());
    }

    /** A value as written: numbers keep their text (1e-7 stays 1e-7), strings lose their quotes. */
    static String text(ConfigValue v) {
        return switch (v.valueType()) {
            case STRING -> (String) v.unwrapped();
            case NULL -> "null";
            default -> v.render(ConfigRenderOptions.concise());
        };
    }
}
