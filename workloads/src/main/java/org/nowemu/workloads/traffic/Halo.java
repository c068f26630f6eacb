package org.nowemu.workloads.traffic;

/**
 * The halo patterns: ranks laid row-major on a periodic process grid named in the spec ({@code halo2d(4x8)},
 * {@code halo3d(2x4x4)}), each rank's messages going to its face neighbours in turn: along each dimension, the lower
 * neighbour then the upper. A dimension of 2 has the same neighbour both ways; one of 1 would be the rank itself and
 * is refused.
 */
public final class Halo {
    private Halo() {
    }

    static Pattern of(Spec s, int n, int dims) {
        int[] size = grid(s, n, dims, 2);
        return (i, k, r) -> neighbour(size, i, (int) (k % (2L * dims)));
    }

    /**
     * The sizes of {@code s}'s grid, {@code dims} of them, each at least {@code least}, whose product must be
     * {@code n}: the halo pattern's and the grid motifs' (a motif may take a size of 1, a local copy left out).
     */
    public static int[] grid(Spec s, int n, int dims, int least) {
        s.arity(1, s.name() + (dims == 2 ? "(RxC)" : "(AxBxC)"));
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
            if (size[d] < least) {
                throw new IllegalArgumentException(s.name() + ": every grid size must be at least " + least + ", got "
                        + size[d]);
            }
            product *= size[d];
        }
        if (product != n) {
            throw new IllegalArgumentException(s.name() + "(" + s.args().get(0) + ") has " + product
                    + " places, the job has " + n + " hosts");
        }
        return size;
    }

    /** Neighbour {@code which} of rank {@code i}: dimension which/2 (the last varies fastest), lower then upper. */
    public static int neighbour(int[] size, int i, int which) {
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
