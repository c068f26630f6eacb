package org.nowemu.workloads.motifs;

import java.util.List;
import org.nowemu.workloads.traffic.Spec;

/**
 * The registry of motifs (docs/workloads.md §7): each turns a spec, the job's ranks and the phase's message size
 * into every rank's ops of one iteration. An iteration of a motif is the phase's compute (host time) and then one
 * call of the collective or exchange; a sweep computes in each of its wavefront steps instead.
 */
public final class Motifs {
    /** Builds one iteration on {@code n} ranks with messages of {@code bytes}. */
    interface Maker {
        void add(Spec s, Ranks g, long bytes);
    }

    /** A registry entry: the name, how to write it, what it does. */
    public record Kind(String name, String usage, String description, Maker maker) {
    }

    public static final List<Kind> ALL = List.of(
            new Kind("barrier", "barrier", "dissemination: ceil(log2 n) rounds, r sends to r+2^k, waits for r-2^k",
                    (s, g, b) -> Collectives.barrier(g, b)),
            new Kind("broadcast", "broadcast", "binomial tree from rank 0: n-1 messages of bytes; via = multicast:"
                    + " one multicast of bytes from rank 0 by the stack's own (lfc, fmmc, pm), one arrival per rank",
                    (s, g, b) -> Collectives.broadcast(g, b)),
            new Kind("reduce", "reduce", "binomial tree to rank 0 (the broadcast's mirror): n-1 messages of bytes",
                    (s, g, b) -> Collectives.reduce(g, b)),
            new Kind("allreduce", "allreduce", "recursive doubling, MPICH's fix-up for n not a power of two",
                    (s, g, b) -> Collectives.allreduce(g, b)),
            new Kind("alltoall", "alltoall", "pairwise exchange: n-1 steps, send to r+i, wait for r-i",
                    (s, g, b) -> Collectives.alltoall(g, b)),
            new Kind("alltoallv", "alltoallv", "pairwise exchange of uneven blocks: s to d sends bytes x (1+(s+d)%3)/2",
                    (s, g, b) -> Collectives.alltoallv(g, (x, y) -> Collectives.unevenBlock(b, x, y))),
            new Kind("gather", "gather", "linear: every rank sends bytes to rank 0, taken in rank order",
                    (s, g, b) -> Collectives.gather(g, b)),
            new Kind("scatter", "scatter", "linear: rank 0 sends each rank its bytes, in rank order",
                    (s, g, b) -> Collectives.scatter(g, b)),
            new Kind("ring", "ring", "a token once around the ring from rank 0: n messages",
                    (s, g, b) -> Collectives.ring(g, b)),
            new Kind("halo2d", "halo2d(RxC)", "exchange with the 4 face neighbours on a periodic R x C grid",
                    (s, g, b) -> Grids.halo(g, Grids.grid(s, g.n, 2), b)),
            new Kind("halo3d", "halo3d(AxBxC)", "exchange with the 6 face neighbours on a periodic 3D grid",
                    (s, g, b) -> Grids.halo(g, Grids.grid(s, g.n, 3), b)),
            new Kind("sweep", "sweep(PxQ)", "2D wavefront from corner (0,0) and back, compute in each step",
                    (s, g, b) -> Grids.sweep(g, Grids.grid(s, g.n, 2), b, Op.PHASE)));

    private Motifs() {
    }

    /** Every rank's ops of one iteration of the motif {@code text} on {@code n} ranks with messages of {@code bytes}. */
    public static List<List<Op>> iteration(String text, int n, long bytes) {
        return iteration(text, n, bytes, Via.TREE);
    }

    /**
     * The same, a broadcast by the stack's multicast when {@code via} is {@link Via#MULTICAST} (resolved against the
     * stack: {@link Via#resolve}).
     */
    public static List<List<Op>> iteration(String text, int n, long bytes, Via via) {
        Spec s = Spec.parse(text);
        for (Kind k : ALL) {
            if (k.name().equals(s.name())) {
                if (!k.usage().contains("(") && !s.args().isEmpty()) {
                    throw new IllegalArgumentException(k.name() + " takes no arguments, got '" + text + "'");
                }
                Ranks g = new Ranks(n);
                if (!k.name().equals("sweep")) {
                    g.computeAll(Op.PHASE);
                }
                if (via == Via.MULTICAST && k.name().equals("broadcast")) {
                    Collectives.broadcastByMulticast(g, bytes);
                } else {
                    k.maker().add(s, g, bytes);
                }
                return g.build();
            }
        }
        throw new IllegalArgumentException("unknown motif '" + s.name() + "' (known: "
                + String.join(", ", ALL.stream().map(Kind::name).toList()) + ")");
    }
}
