package org.nowemu.protocol.mpi;

/**
 * A nonblocking operation ({@code MPI_Isend}, {@code MPI_Irecv}), completed by {@link Mpi#await} or seen complete by
 * {@link Mpi#test}. Sends are eager: an isend is complete once its bytes have gone into FM (the buffer may be
 * reused). A receive is complete once its message's payload is in its buffer.
 */
public final class MpiRequest {
    final boolean receive;
    final byte[] buf;
    final int off;
    final int max;
    final int source;
    final int tag;
    boolean done;
    MpiStatus status;

    MpiRequest(boolean receive, byte[] buf, int off, int max, int source, int tag) {
        this.receive = receive;
        this.buf = buf;
        this.off = off;
        this.max = max;
        this.source = source;
        this.tag = tag;
    }

    /** Whether a posted receive takes a message from {@code src} with {@code messageTag}. */
    boolean matches(int src, int messageTag) {
        return (source == Mpi.ANY_SOURCE || source == src) && (tag == Mpi.ANY_TAG || tag == messageTag);
    }

    public boolean done() {
        return done;
    }

    /** The completed receive's status (null before, and for sends). */
    public MpiStatus status() {
        return status;
    }
}
