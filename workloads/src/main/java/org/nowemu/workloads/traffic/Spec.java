package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;

/**
 * A named choice with arguments as a traffic file writes it: {@code tornado}, {@code shift(3)},
 * {@code hotspot(0.2, 4)}, {@code halo2d(4x4)}, {@code weighted(64:3, 4096:1)}. Arguments are kept as text for the
 * registry entry to read; a malformed spec is refused with what the text should look like.
 *
 * @param name the registry name
 * @param args the arguments, trimmed, in order
 * @param text the spec as written
 */
public record Spec(String name, List<String> args, String text) {
    public static Spec parse(String text) {
        String t = text.trim();
        int open = t.indexOf('(');
        if (open < 0) {
            if (t.isEmpty() || t.contains(")") || t.contains(",")) {
                throw new IllegalArgumentException("expected name or name(arguments), got '" + text + "'");
            }
            return new Spec(t, List.of(), text);
        }
        if (!t.endsWith(")") || open == 0 || t.indexOf('(', open + 1) >= 0) {
            throw new IllegalArgumentException("expected name(arguments), got '" + text + "'");
        }
        List<String> args = new ArrayList<>();
        for (String a : t.substring(open + 1, t.length() - 1).split(",", -1)) {
            if (a.isBlank()) {
                throw new IllegalArgumentException("an empty argument in '" + text + "'");
            }
            args.add(a.trim());
        }
        return new Spec(t.substring(0, open).trim(), List.copyOf(args), text);
    }

    /** Refuses a spec with another number of arguments than {@code usage} shows. */
    public void arity(int n, String usage) {
        if (args.size() != n) {
            throw new IllegalArgumentException(name + " takes " + n + " argument(s): " + usage + ", got '" + text + "'");
        }
    }

    /** Argument {@code i} as a whole number in [min, max]. */
    public long whole(int i, long min, long max) {
        long v;
        try {
            v = Long.parseLong(args.get(i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + args.get(i) + "' is not a whole number");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + ": " + v + " must be between " + min + " and " + max);
        }
        return v;
    }

    /** Argument {@code i} as a number in [min, max]. */
    public double number(int i, double min, double max) {
        double v;
        try {
            v = Double.parseDouble(args.get(i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + args.get(i) + "' is not a number");
        }
        if (!(v >= min && v <= max)) {
            throw new IllegalArgumentException(name + ": " + args.get(i) + " must be between " + min + " and " + max);
        }
        return v;
    }
}
