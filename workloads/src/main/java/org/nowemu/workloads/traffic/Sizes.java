package org.nowemu.workloads.traffic;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The registry of message-size distributions (docs/workloads.md §3): each draws a size in bytes from the sending
 * host's seeded stream and knows its mean (which turns an offered load in MB/s into a message rate) and its largest
 * size (what the stack's buffers must hold).
 */
final class Sizes {
    /** A size distribution. */
    interface Size {
        int draw(SplittableRandom r);

        double mean();

        int max();
    }

    /** A registry entry: the name, how to write it, what it draws. */
    record Kind(String name, String usage, String description, java.util.function.Function<Spec, Size> maker) {
    }

    static final int LARGEST = 1 << 24;

    static final List<Kind> ALL = List.of(
            new Kind("fixed", "fixed(bytes)", "every message the same size", Sizes::fixed),
            new Kind("weighted", "weighted(bytes:weight, ...)", "sizes from a list, each drawn with its weight's share",
                    Sizes::weighted),
            new Kind("uniform", "uniform(min, max)", "a size drawn uniformly from min to max bytes, both included",
                    Sizes::uniform),
            new Kind("exponential", "exponential(mean, max)",
                    "exponentially distributed about the mean, rounded up to whole bytes, at most max", Sizes::exponential),
            new Kind("bimodal", "bimodal(small, large, fraction)", "large with the given probability, else small",
                    Sizes::bimodal));

    private Sizes() {
    }

    /** The distribution {@code text} names; a bare number of bytes is {@code fixed}. */
    static Size make(String text) {
        if (text.trim().matches("[0-9]+")) {
            return make("fixed(" + text.trim() + ")");
        }
        Spec s = Spec.parse(text);
        for (Kind k : ALL) {
            if (k.name().equals(s.name())) {
                return k.maker().apply(s);
            }
        }
        throw new IllegalArgumentException("unknown size distribution '" + s.name() + "' (known: "
                + String.join(", ", ALL.stream().map(Kind::name).toList()) + ", or a number of bytes)");
    }

    private static Size fixed(Spec s) {
        s.arity(1, "fixed(bytes)");
        int b = (int) s.whole(0, 1, LARGEST);
        return new Size() {
            public int draw(SplittableRandom r) {
                return b;
            }

            public double mean() {
                return b;
            }

            public int max() {
                return b;
            }
        };
    }

    private static Size weighted(Spec s) {
        if (s.args().isEmpty()) {
            throw new IllegalArgumentException("weighted needs at least one bytes:weight, got '" + s.text() + "'");
        }
        int n = s.args().size();
        int[] sizes = new int[n];
        long[] cumulative = new long[n];
        long total = 0;
        double sum = 0;
        int max = 0;
        for (int i = 0; i < n; i++) {
            String[] bw = s.args().get(i).split(":", -1);
            if (bw.length != 2) {
                throw new IllegalArgumentException("weighted: '" + s.args().get(i) + "' is not bytes:weight");
            }
            Spec one = new Spec("weighted", List.of(bw[0].trim(), bw[1].trim()), s.text());
            sizes[i] = (int) one.whole(0, 1, LARGEST);
            long w = one.whole(1, 1, 1_000_000);
            total += w;
            cumulative[i] = total;
            sum += (double) w * sizes[i];
            max = Math.max(max, sizes[i]);
        }
        long all = total;
        double mean = sum / total;
        int largest = max;
        return new Size() {
            public int draw(SplittableRandom r) {
                long x = r.nextLong(all);
                int i = 0;
                while (cumulative[i] <= x) {
                    i++;
                }
                return sizes[i];
            }

            public double mean() {
                return mean;
            }

            public int max() {
                return largest;
            }
        };
    }

    private static Size uniform(Spec s) {
        s.arity(2, "uniform(min, max)");
        int lo = (int) s.whole(0, 1, LARGEST);
        int hi = (int) s.whole(1, lo, LARGEST);
        return new Size() {
            public int draw(SplittableRandom r) {
                return lo + r.nextInt(hi - lo + 1);
            }

            public double mean() {
                return (lo + (double) hi) / 2;
            }

            public int max() {
                return hi;
            }
        };
    }

    private static Size exponential(Spec s) {
        s.arity(2, "exponential(mean, max)");
        double mean = s.number(0, 1, LARGEST);
        int hi = (int) s.whole(1, (long) Math.ceil(mean), LARGEST);
        // The mean of the capped, rounded-up draw, summed over whole sizes: what the rate is worked out from.
        double m = 0;
        double below = 0;
        for (int b = 1; b <= hi; b++) {
            double upTo = b == hi ? 1 : 1 - Math.exp(-b / mean);
            m += b * (upTo - below);
            below = upTo;
        }
        double actual = m;
        return new Size() {
            public int draw(SplittableRandom r) {
                double x = -mean * Math.log(1 - r.nextDouble());
                return (int) Math.min(hi, Math.max(1, Math.ceil(x)));
            }

            public double mean() {
                return actual;
            }

            public int max() {
                return hi;
            }
        };
    }

    private static Size bimodal(Spec s) {
        s.arity(3, "bimodal(small, large, fraction)");
        int small = (int) s.whole(0, 1, LARGEST);
        int large = (int) s.whole(1, 1, LARGEST);
        double f = s.number(2, 0, 1);
        return new Size() {
            public int draw(SplittableRandom r) {
                return r.nextDouble() < f ? large : small;
            }

            public double mean() {
                return f * large + (1 - f) * small;
            }

            public int max() {
                return Math.max(small, large);
            }
        };
    }
}
