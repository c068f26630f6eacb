package org.nowemu.protocol.mpi;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * MPI behind a {@link Messenger}: a message is one {@code MPI_Send} with tag 0; arrivals are taken by receives
 * from any source, posted one at a time as the benchmark waits (so a message that comes before its receive is
 * posted goes through the unexpected queue, as it would in an MPI program).
 */
public final class MpiMessenger extends LibraryMessenger {
    /** An MPI program that runs a benchmark over this messenger. */
    public record Program(int maxBytes, MessengerProgram body) implements MpiProgram {
        @Override
        @continuable
        public void run(Mpi mpi) {
            body.run(new MpiMessenger(mpi, maxBytes));
        }
    }

    /** The tag of acknowledgements ({@link Messenger#sendAck}). */
    static final int ACK_TAG = 1;

    private final Mpi mpi;
    private final byte[] out;
    private final byte[] in;
    private MpiRequest pending;

    /** @param maxBytes the largest message the benchmark sends or receives */
    public MpiMessenger(Mpi mpi, int maxBytes) {
        super(mpi);
        this.mpi = mpi;
        this.out = new byte[maxBytes];
        this.in = new byte[maxBytes];
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        mpi.send(out, 0, bytes, dest, 0);
    }

    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        mpi.send(out, 0, bytes, dest, ACK_TAG);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        while (!arrived(count) && mpi.now() < deadline) {
            if (pending == null) {
                pending = mpi.irecv(in, 0, in.length, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
            }
            if (!mpi.await(pending, deadline)) {
                return;
            }
            int source = pending.status().source();
            boolean ack = pending.status().tag() == ACK_TAG;
            pending = null;
            if (ack) {
                arrivedAck(source);
            } else {
                arrived(source);
            }
        }
    }
}
