package org.nowemu.workloads.motifs;

import java.util.List;

/**
 * One phase of a motif job, as read and checked: every rank's ops of one iteration, repeated.
 *
 * @param label      the phase's name in metrics: its index in the job
 * @param text       what it runs, for the report: {@code allreduce, 8 B} or {@code is class S}
 * @param ops        ops[r]: rank r's ops of one iteration
 * @param iterations how many times every rank runs its ops
 * @param compute    what a compute op of the phase's own ({@link Op#PHASE}) takes
 */
public record MotifPhase(String label, String text, List<List<Op>> ops, int iterations, Compute compute) {
    /** Bytes rank {@code r} sends in one iteration (a multicast's once). */
    public long sentBytes(int r) {
        return ops.get(r).stream().filter(MotifPhase::sends).mapToLong(Op::amount).sum();
    }

    /** Messages rank {@code r} sends in one iteration (a multicast is one). */
    public long sentMessages(int r) {
        return ops.get(r).stream().filter(MotifPhase::sends).count();
    }

    /** Whether the phase sends by the stack's multicast. */
    public boolean multicasts() {
        return ops.stream().flatMap(List::stream).anyMatch(o -> o.kind() == Op.Kind.MULTICAST);
    }

    private static boolean sends(Op o) {
        return o.kind() == Op.Kind.SEND || o.kind() == Op.Kind.MULTICAST;
    }

    /** Bytes rank {@code r} takes in one iteration. */
    public long receivedBytes(int r) {
        return ops.get(r).stream().filter(o -> o.kind() == Op.Kind.RECV).mapToLong(Op::amount).sum();
    }

    /** Messages rank {@code r} takes in one iteration. */
    public long receivedMessages(int r) {
        return ops.get(r).stream().filter(o -> o.kind() == Op.Kind.RECV).count();
    }

    /** The largest message of the phase (bytes), what the stack's buffers must hold. */
    public int maxBytes() {
        return (int) ops.stream().flatMap(List::stream).filter(o -> o.kind() != Op.Kind.COMPUTE)
                .mapToLong(Op::amount).max().orElse(1);
    }
}
