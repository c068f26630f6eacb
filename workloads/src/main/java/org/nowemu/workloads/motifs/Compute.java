package org.nowemu.workloads.motifs;

import java.util.List;
import java.util.SplittableRandom;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.workloads.traffic.Spec;

/**
 * A motif phase's compute, host time a rank spends between its iterations (a sweep: in each wavefront step), written
 * like a size: a bare time is fixed ({@code 20us}), or {@code uniform(10us, 30us)}, {@code exponential(20us)}. Each
 * draw comes from the rank's seeded stream.
 *
 * @param text the spec as written
 * @param kind 0 fixed, 1 uniform, 2 exponential
 * @param a    the fixed time, the uniform's low end or the exponential's mean (ps)
 * @param b    the uniform's high end (ps)
 */
public record Compute(String text, int kind, long a, long b) {
    /** The registry as {@code ./nowemu list} shows it: how to write each, what it draws. */
    public static final List<String[]> ALL = List.of(
            new String[] {"20us", "fixed: the same host time every time"},
            new String[] {"uniform(lo, hi)", "drawn uniformly between two times"},
            new String[] {"exponential(mean)", "exponentially distributed about the mean"});

    public static final Compute NONE = new Compute("0us", 0, 0, 0);

    public static Compute parse(String text) {
        String t = text.trim();
        if (!t.contains("(")) {
            return new Compute(text, 0, time(t), 0);
        }
        Spec s = Spec.parse(t);
        switch (s.name()) {
            case "uniform" -> {
                s.arity(2, "uniform(lo, hi)");
                long lo = time(s.args().get(0));
                long hi = time(s.args().get(1));
                if (hi < lo) {
                    throw new IllegalArgumentException("uniform: " + s.args().get(1) + " is below "
                            + s.args().get(0));
                }
                return new Compute(text, 1, lo, hi);
            }
            case "exponential" -> {
                s.arity(1, "exponential(mean)");
                return new Compute(text, 2, time(s.args().get(0)), 0);
            }
            default -> throw new IllegalArgumentException("unknown compute '" + s.name()
                    + "' (known: a time such as 20us, uniform(lo, hi), exponential(mean))");
        }
    }

    private static long time(String t) {
        ConfigReader r = new ConfigReader(com.typesafe.config.ConfigFactory.parseMap(java.util.Map.of("t", t)));
        try {
            return r.duration("t", 0, 10_000_000_000_000L);
        } catch (BadInputException e) {
            throw new IllegalArgumentException("expected a time such as 20us (at most 10 s), got '" + t + "'");
        }
    }

    /** One draw (ps). */
    public long draw(SplittableRandom r) {
        return switch (kind) {
            case 1 -> a + (long) Math.floor(r.nextDouble() * (b - a + 1));
            case 2 -> Math.round(-a * Math.log(1 - r.nextDouble()));
            default -> a;
        };
    }
}
