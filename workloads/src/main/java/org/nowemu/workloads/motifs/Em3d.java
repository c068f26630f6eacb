package org.nowemu.workloads.motifs;

import java.util.BitSet;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * EM3D (Culler et al., "Parallel Programming in Split-C", SC 1993): electric and magnetic field values on a
 * bipartite graph, E nodes and H nodes, each rank holding as many of each. Every node depends on {@code degree}
 * nodes of the other kind; an edge is remote with the class's probability and then goes to a node of a rank 1 to
 * {@code span} ranks away, up or down (periodic). An iteration computes every E from its H neighbours, then every H
 * from its E neighbours, 2 flops an edge (a multiply and a subtract). The bulk version: before each half-step, each
 * rank sends each rank that reads its values the values it reads, each once however many edges read it (8 bytes a
 * node), in one message, to the readers in rank order, then waits for its own ghosts from each owner in rank order.
 * The graph is irregular, so the pairs' messages differ. It is drawn from a fixed skeleton seed (the graph is part
 * of the benchmark's input, like NAS's generated keys and matrices), so a class is one graph whatever the run seed.
 */
final class Em3d {
    private Em3d() {
    }

    /** Class: nodes of each kind a rank, degree, remote edges (%), span (ranks), iterations (this skeleton's). */
    private static final Map<String, long[]> CLASSES = Map.of(
            "S", new long[] {500, 10, 20, 2, 10},
            "W", new long[] {5000, 20, 20, 4, 50},
            "A", new long[] {50000, 20, 20, 8, 100});
    static final long SEED = 0x454d3344L;

    static Skeletons.Built make(String cls, int n, SkeletonCosts c) {
        long[] k = Skeletons.row(CLASSES, cls);
        Ranks g = new Ranks(n);
        for (int side = 0; side < 2; side++) {
            halfStep(g, ghosts(side, n, k), k[0] * k[1] * 2 * c.flopPs());
        }
        return new Skeletons.Built(g.build(), (int) k[4]);
    }

    private static void halfStep(Ranks g, TreeMap<Integer, BitSet>[] ghosts, long computePs) {
        int n = g.n;
        for (int r = 0; r < n; r++) {
            for (int q = 0; q < n; q++) {
                BitSet reads = ghosts[q].get(r);
                if (reads != null) {
                    g.send(r, q, 8L * reads.cardinality());
                }
            }
            for (Map.Entry<Integer, BitSet> e : ghosts[r].entrySet()) {
                g.recv(r, e.getKey(), 8L * e.getValue().cardinality());
            }
            g.compute(r, computePs);
        }
    }

    /**
     * For one half-step ({@code side} 0: E reads H; 1: H reads E), ghosts[r]: for each other rank, the nodes of it
     * that rank r's nodes read. Each rank's edges are drawn from its own stream of the skeleton seed.
     */
    static TreeMap<Integer, BitSet>[] ghosts(int side, int n, long[] k) {
        int nodes = (int) k[0];
        @SuppressWarnings("unchecked")
        TreeMap<Integer, BitSet>[] out = new TreeMap[n];
        for (int r = 0; r < n; r++) {
            out[r] = new TreeMap<>();
            SplittableRandom rng = new SplittableRandom(SEED + 2L * r + side);
            for (long e = 0; e < nodes * k[1]; e++) {
                if (rng.nextInt(100) >= k[2]) {
                    continue;
                }
                int away = 1 + rng.nextInt((int) k[3]);
                int q = Math.floorMod(rng.nextBoolean() ? r + away : r - away, n);
                int node = rng.nextInt(nodes);
                if (q != r) {
                    out[r].computeIfAbsent(q, x -> new BitSet(nodes)).set(node);
                }
            }
        }
        return out;
    }
}
