package org.nowemu.workloads.motifs;

import org.nowemu.workloads.traffic.Halo;
import org.nowemu.workloads.traffic.Spec;

/**
 * The motifs on a process grid named in the spec, ranks laid row-major (the last size varies fastest): the halo
 * exchange on a periodic grid, and the wavefront sweep on an open one. A grid size of 1 is allowed (a line of 13
 * ranks is {@code halo2d(13x1)}): a neighbour that is the rank itself is a local copy and left out.
 */
final class Grids {
    private Grids() {
    }

    /** The sizes of {@code spec}'s grid, {@code dims} of them, whose product must be {@code n}; a size of 1 allowed. */
    static int[] grid(Spec s, int n, int dims) {
        return Halo.grid(s, n, dims, 1);
    }

    /**
     * Halo exchange: each rank sends to its face neighbours in turn (along each dimension the lower, then the upper,
     * periodic), then waits for the same neighbours' faces. A dimension of 2 has one neighbour both ways, so two
     * messages go to it.
     */
    static void halo(Ranks g, int[] size, long bytes) {
        int faces = 2 * size.length;
        for (int r = 0; r < g.n; r++) {
            for (int w = 0; w < faces; w++) {
                g.send(r, Halo.neighbour(size, r, w), bytes);
            }
            for (int w = 0; w < faces; w++) {
                g.recv(r, Halo.neighbour(size, r, w), bytes);
            }
        }
    }

    /**
     * Wavefront on a P x Q grid, as NAS LU's SSOR sweeps it: forward from the corner (0, 0), each rank waits for
     * its north (i-1) and west (j-1) neighbours, computes its block (the phase's compute) and sends south then
     * east; then back from (P-1, Q-1), waiting for south and east and sending north then west.
     */
    static void sweep(Ranks g, int[] size, long bytes, long computePs) {
        int rows = size[0];
        int cols = size[1];
        for (int r = 0; r < g.n; r++) {
            int i = r / cols;
            int j = r % cols;
            if (i > 0) {
                g.recv(r, r - cols, bytes);
            }
            if (j > 0) {
                g.recv(r, r - 1, bytes);
            }
            g.compute(r, computePs);
            if (i < rows - 1) {
                g.send(r, r + cols, bytes);
            }
            if (j < cols - 1) {
                g.send(r, r + 1, bytes);
            }
        }
        for (int r = 0; r < g.n; r++) {
            int i = r / cols;
            int j = r % cols;
            if (i < rows - 1) {
                g.recv(r, r + cols, bytes);
            }
            if (j < cols - 1) {
                g.recv(r, r + 1, bytes);
            }
            g.compute(r, computePs);
            if (i > 0) {
                g.send(r, r - cols, bytes);
            }
            if (j > 0) {
                g.send(r, r - 1, bytes);
            }
        }
    }
}
