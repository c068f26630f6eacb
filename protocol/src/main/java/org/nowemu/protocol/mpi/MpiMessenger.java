package org.nowemu.protocol.mpi;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * MPI behind a {@link Messenger}: a message is one {@code MPI_Send} with tag 0; arrivals are taken by receives
 * from any source, posted one at a time as the benchmark waits (so a message that comes before its receive is
 * posted goes through the unexpected queue, as it would in an MPI program).
 */
public final class MpiMessenger implements Messenger {
    private final Mpi mpi;
    private final Arrivals arrivals = new Arrivals();
    private final byte[] out;
    private final byte[] in;
    private MpiRequest pending;

    /** @param maxBytes the largest message the benchmark sends or receives */
    public MpiMessenger(Mpi mpi, int maxBytes) {
        this.mpi = mpi;
        this.out = new byte[maxBytes];
        this.in = new byte[maxBytes];
    }

    @Override
    public int host() {
        return mpi.rank();
    }

    @Override
    public long now() {
        return mpi.now();
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        mpi.send(out, 0, bytes, dest, 0);
    }

    @Override
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        while (arrivals.count() < count && mpi.now() < deadline) {
            if (pending == null) {
                pending = mpi.irecv(in, 0, in.length, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
            }
            if (!mpi.await(pending, deadline)) {
                return;
            }
            int source = pending.status().source();
            pending = null;
            arrivals.arrived(mpi.now(), source);
        }
    }

    @Override
    public void outcome(Object outcome) {
        mpi.process().note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return mpi.counter(name);
    }
}
