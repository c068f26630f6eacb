package org.nowemu.workloads.traffic;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The registry of traffic patterns (docs/workloads.md §2 defines each): a name, how to write it, and how to make
 * its destination function for a job of n hosts. The bit patterns (bit-complement, bit-reverse) need n a power of
 * two, transpose a perfect square; a pattern that cannot be laid on n hosts is refused with the reason.
 */
final class Patterns {
    /** Makes a pattern for n ranks from its spec; the seed draws a random permutation. */
    interface Maker {
        Pattern make(Spec spec, int n, long seed);
    }

    /** A registry entry: the name, how to write it, what it does. */
    record Kind(String name, String usage, String description, Maker maker) {
    }

    static final List<Kind> ALL = List.of(
            new Kind("uniform", "uniform", "each message to a host drawn uniformly from the others",
                    (s, n, seed) -> none(s, (i, k, r) -> other(i, n, r))),
            new Kind("shift", "shift(k)", "rank i to rank (i + k) mod n",
                    (s, n, seed) -> {
                        s.arity(1, "shift(k)");
                        int k = (int) s.whole(0, 1, n - 1);
                        return (i, x, r) -> (i + k) % n;
                    }),
            new Kind("neighbour", "neighbour", "pairs (0,1), (2,3)... exchange; an odd last rank sends nothing",
                    (s, n, seed) -> none(s, (i, k, r) -> (i ^ 1) < n ? i ^ 1 : -1)),
            new Kind("bisection", "bisection", "rank i to rank i + n/2 and back, across the middle of the order",
                    (s, n, seed) -> none(s, (i, k, r) -> i < 2 * (n / 2) ? (i + n / 2) % (2 * (n / 2)) : -1)),
            new Kind("transpose", "transpose", "n = c*c ranks as a c x c matrix, row-major: (row, col) to (col, row)",
                    (s, n, seed) -> transpose(s, n)),
            new Kind("bit-complement", "bit-complement", "rank i to rank ~i (n a power of two)",
                    (s, n, seed) -> {
                        int bits = log2(s, n);
                        return none(s, (i, k, r) -> ~i & ((1 << bits) - 1));
                    }),
            new Kind("bit-reverse", "bit-reverse", "rank i to rank i with its log2(n) bits reversed (n a power of two)",
                    (s, n, seed) -> {
                        int bits = log2(s, n);
                        return none(s, (i, k, r) -> fixed(i, Integer.reverse(i) >>> (32 - bits)));
                    }),
            new Kind("tornado", "tornado", "rank i to rank (i + ceil(n/2) - 1) mod n, half-way round a ring less one",
                    (s, n, seed) -> {
                        if (n < 3) {
                            throw new IllegalArgumentException("tornado needs at least 3 hosts, the job has " + n);
                        }
                        return none(s, (i, k, r) -> (i + (n + 1) / 2 - 1) % n);
                    }),
            new Kind("hotspot", "hotspot(fraction, hosts)",
                    "a fraction of messages to one of the first `hosts` ranks, the rest uniform", Patterns::hotspot),
            new Kind("incast", "incast(root)", "every rank to the root; the root sends nothing",
                    (s, n, seed) -> {
                        s.arity(1, "incast(root)");
                        int root = (int) s.whole(0, 0, n - 1);
                        return (i, k, r) -> i == root ? -1 : root;
                    }),
            new Kind("all-to-all", "all-to-all", "message k of rank i to rank (i + 1 + k mod (n-1)) mod n: every other "
                    + "rank in turn", (s, n, seed) -> none(s, (i, k, r) -> (int) ((i + 1 + k % (n - 1)) % n))),
            new Kind("permutation", "permutation", "a random permutation drawn from the seed; a fixed point sends nothing",
                    Patterns::permutation),
            new Kind("halo2d", "halo2d(RxC)", "an R x C periodic process grid, row-major; each rank's messages go "
                    + "to its up, down, left and right neighbours in turn", (s, n, seed) -> Halo.of(s, n, 2)),
            new Kind("halo3d", "halo3d(AxBxC)", "an A x B x C periodic grid; messages to the six face neighbours in "
                    + "turn", (s, n, seed) -> Halo.of(s, n, 3)));

    private Patterns() {
    }

    /** The pattern {@code text} names, for a job of {@code n} hosts; an IllegalArgumentException says what is wrong. */
    static Pattern make(String text, int n, long seed) {
        Spec s = Spec.parse(text);
        for (Kind k : ALL) {
            if (k.name().equals(s.name())) {
                return k.maker().make(s, n, seed);
            }
        }
        throw new IllegalArgumentException("unknown pattern '" + s.name() + "' (known: "
                + String.join(", ", ALL.stream().map(Kind::name).toList()) + ")");
    }

    private static Pattern none(Spec s, Pattern p) {
        s.arity(0, s.name());
        return p;
    }

    /** A rank drawn uniformly from the n - 1 others. */
    static int other(int i, int n, SplittableRandom r) {
        int d = r.nextInt(n - 1);
        return d >= i ? d + 1 : d;
    }

    private static int fixed(int i, int d) {
        return d == i ? -1 : d;
    }

    private static int log2(Spec s, int n) {
        if (Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException(s.name() + " needs a power of two hosts, the job has " + n);
        }
        return Integer.numberOfTrailingZeros(n);
    }

    private static Pattern transpose(Spec s, int n) {
        s.arity(0, "transpose");
        int c = (int) Math.round(Math.sqrt(n));
        if (c * c != n) {
            throw new IllegalArgumentException("transpose needs a square number of hosts, the job has " + n);
        }
        return (i, k, r) -> fixed(i, (i % c) * c + i / c);
    }

    private static Pattern hotspot(Spec s, int n, long seed) {
        s.arity(2, "hotspot(fraction, hosts)");
        double fraction = s.number(0, 0, 1);
        int hot = (int) s.whole(1, 1, n);
        return (i, k, r) -> {
            if (r.nextDouble() < fraction) {
                int d = r.nextInt(hot);
                if (d != i) {
                    return d;
                }
            }
            return other(i, n, r);
        };
    }

    private static Pattern permutation(Spec s, int n, long seed) {
        s.arity(0, "permutation");
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return (i, k, x) -> fixed(i, p[i]);
    }
}
