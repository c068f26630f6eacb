package org.nowemu.workloads.motifs;

import org.nowemu.workloads.traffic.Spec;

/**
 * The motifs on a process grid named in the spec, ranks laid row-major (the last size varies fastest): the halo
 * exchange on a periodic grid, and the wavefront sweep on an open one. A grid size of 1 is allowed (a line of 13
 * ranks is {@code halo2d(13x1)}): a neighbour that is the rank itself is a local copy and left out.
 */
final class Grids {
    private Grids() {
    }

    /** The sizes of {@code spec}'s grid, {@code dims} of them, whose product must be {@code n}. */
    static int[] grid(Spec s, int n, int dims) {
        String shape = dims == 2 ? "RxC" : "AxBxC";
        s.arity(1, s.name() + "(" + shape + ")");
        String[] parts = s.args().get(0).split("x", -1);
        if (parts.length != dims) {
            throw new IllegalArgumentException(s.name() + " needs a grid of " + dims + " sizes like "
                    + (dims == 2 ? "4x4" : "2x4x4") + ", got '" + s.args().get(0) + "'");
        }
        int[] size = new int[dims];
        long product = 1;
        for (int d = 0; d < dims; d++) {
            try {
                size[d] = Integer.parseInt(parts[d]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(s.name() + ": '" + parts[d] + "' is not a whole number");
            }
            if (size[d] < 1) {
                throw new IllegalArgumentException(s.name() + ": every grid size must be at least 1, got " + size[d]);
            }
            product *= size[d];
        }
        if (product != n) {
            throw new IllegalArgumentException(s.name() + "(" + s.args().get(0) + ") has " + product
                    + " places, the job has " + n + " hosts");
        }
        return size;
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
                g.send(r, neighbour(size, r, w), bytes);
            }
            for (int w = 0; w < faces; w++) {
                g.recv(r, neighbour(size, r, w), bytes);
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

    /** Neighbour {@code which} of rank {@code i}: dimension which/2, lower then upper, periodic. */
    static int neighbour(int[] size, int i, int which) {
        int dim = which / 2;
        int stride = 1;
        for (int d = size.length - 1; d > dim; d--) {
            stride *= size[d];
        }
        int coord = (i / stride) % size[dim];
        int moved = (coord + (which % 2 == 0 ? size[dim] - 1 : 1)) % size[dim];
        return i + (moved - coord) * stride;
    }
}
