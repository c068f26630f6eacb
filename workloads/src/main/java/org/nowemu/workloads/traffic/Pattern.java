package org.nowemu.workloads.traffic;

import java.util.SplittableRandom;

/**
 * Where a job's hosts send: the destination of a host's message, as ranks within the job (0 to n-1, in the order
 * of the job's hosts). Built once per phase by a {@link Patterns} entry for the job's n hosts.
 */
interface Pattern {
    /**
     * The destination rank of the {@code index}-th message of rank {@code rank}, or -1 if this rank sends nothing
     * in the pattern (a fixed point of a permutation, the root of an incast). {@code random} is the sending host's
     * own seeded stream for the phase, drawn from only by the random patterns.
     */
    int dest(int rank, long index, SplittableRandom random);
}
