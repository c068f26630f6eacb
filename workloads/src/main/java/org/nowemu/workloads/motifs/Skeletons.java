package org.nowemu.workloads.motifs;

import java.util.List;
import java.util.Map;

/**
 * The registry of application skeletons (docs/workloads.md §8): each is a benchmark's communication, message sizes
 * and counts per class from its published structure, with its compute counted in operations and charged at
 * {@link SkeletonCosts}. Where each number comes from is in docs/workloads.md; the arithmetic for class S on 4
 * ranks is worked out in SkeletonsTest.
 */
public final class Skeletons {
    /** One iteration of every rank, and the iterations the class runs. */
    public record Built(List<List<Op>> ops, int iterations) {
    }

    interface Maker {
        Built make(String cls, int n, SkeletonCosts c);
    }

    /** A registry entry: the name, its classes, what it does. */
    public record Kind(String name, String classes, String description, Maker maker) {
    }

    public static final List<Kind> ALL = List.of(
            new Kind("is", "S W A", "NAS IS: allreduce of bucket counts, alltoall of counts, alltoallv of keys",
                    NasIs::make),
            new Kind("ft", "S W A", "NAS FT: 3D FFT, transpose by alltoall, checksum reduce", NasFt::make),
            new Kind("cg", "S W A", "NAS CG: log2 rounds of row exchange plus a transpose exchange per matvec",
                    NasCg::make),
            new Kind("lu", "S W A", "NAS LU: SSOR wavefronts of small messages, face exchange of the rhs",
                    NasLu::make),
            new Kind("mg", "S W A", "NAS MG: V-cycle, 6-face ghost exchange per level after each"
                    + " resid, psinv, rprj3", NasMg::make),
            new Kind("nowsort", "S", "NOW-Sort one pass: all-to-all of 100-byte records in 4000-byte messages",
                    NowSort::make),
            new Kind("radix", "S W A", "Split-C radix sort: per 8-bit digit, histogram all-gather, key"
                    + " all-to-all", RadixSort::make),
            new Kind("em3d", "S W A", "EM3D: E/H bipartite graph, remote values read once a half-step"
                    + " from ranks within a span", Em3d::make));

    private Skeletons() {
    }

    /** The skeleton {@code name} of class {@code cls} on {@code n} ranks. */
    public static Built make(String name, String cls, int n, SkeletonCosts costs) {
        Kind k = kind(name);
        checkClass(k, cls);
        return k.maker().make(cls.trim(), n, costs);
    }

    /** The registry entry named {@code name}. */
    public static Kind kind(String name) {
        for (Kind k : ALL) {
            if (k.name().equals(name.trim())) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown skeleton '" + name + "' (known: "
                + String.join(", ", ALL.stream().map(Kind::name).toList()) + ")");
    }

    /** Refuses a class the skeleton does not have; returns it trimmed. */
    public static String checkClass(Kind k, String cls) {
        if (!List.of(k.classes().split(" ")).contains(cls.trim())) {
            throw new IllegalArgumentException(k.name() + " has no class '" + cls + "' (known: "
                    + k.classes().replace(" ", ", ") + ")");
        }
        return cls.trim();
    }

    /** Refuses {@code n} unless a power of two, as the NAS codes require. */
    static int log2(String name, int n) {
        if (Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException(name + " needs a power of two hosts, the job has " + n);
        }
        return Integer.numberOfTrailingZeros(n);
    }

    /** The class's row of a table by class letter. */
    static long[] row(Map<String, long[]> table, String cls) {
        return table.get(cls);
    }
}
