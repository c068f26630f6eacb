package org.nowemu.workloads.motifs;

/**
 * One thing a rank does in an iteration of a motif: send a message to a rank, send one to every other rank of the job
 * by the stack's own multicast, wait for the next message from a rank, or compute. A receive names its source and
 * size: the stacks deliver one sender's messages to one receiver in the order they were sent, so the k-th message a
 * rank takes from a source is the k-th that source sent it, and the size is known from the schedule.
 *
 * @param kind   what it does
 * @param peer   the rank sent to or received from (-1 for compute and multicast)
 * @param amount bytes sent or received; for compute, host time (ps), or {@link #PHASE} for the phase's compute
 */
public record Op(Kind kind, int peer, long amount) {
    /** What an op does. */
    public enum Kind { SEND, MULTICAST, RECV, COMPUTE }

    /** A compute op that takes the phase's {@code compute} (a motif's time between iterations). */
    public static final long PHASE = -1;

    public static Op send(int peer, long bytes) {
        return new Op(Kind.SEND, peer, bytes);
    }

    /** One message of {@code bytes} to every other rank of the job, by the stack's multicast. */
    public static Op multicast(long bytes) {
        return new Op(Kind.MULTICAST, -1, bytes);
    }

    public static Op recv(int peer, long bytes) {
        return new Op(Kind.RECV, peer, bytes);
    }

    public static Op compute(long ps) {
        return new Op(Kind.COMPUTE, -1, ps);
    }
}
