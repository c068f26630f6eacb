package org.nowemu.protocol.mpi;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.fm1.Fm1;

/**
 * MPI over FM 1.x (systems §4.4, variant A), with the copies that layering forces. FM 1.x takes a message
 * only as one contiguous buffer, so a send first copies header and payload together into a staging buffer. Its
 * handler sees a message only whole: in the receive slot if it fits one packet, else in FM's reassembly buffer
 * (FM's own copy); MPI then copies the payload into the posted receive's buffer, or, with none posted, into a buffer
 * of the unexpected pool, which a later receive copies out again. Progress is {@code FM_extract()}, which drains
 * everything: the pool cannot hold senders back, so when it overflows more memory is taken and counted [E]. A send
 * that finds no credit for one of its packets extracts while it waits (MPI's progress engine,
 * {@link Mpi#PROGRESS_EXTRACTS}), where FM's own sends take in only credit packets.
 */
final class OverFm1 implements Layer {
    static final int HANDLER = 2;

    private final Fm1 fm;
    private final Mpi mpi;
    private byte[] staging = new byte[0];

    OverFm1(Fm1 fm, Mpi mpi) {
        this.fm = fm;
        this.mpi = mpi;
        fm.register(HANDLER, this::onMessage);
        fm.extractWhileSendsWait(OverFm1::anyRoom, Mpi.PROGRESS_EXTRACTS);
    }

    /** FM 1.x's extract takes everything: the unexpected pool overflows rather than holding a sender back. */
    private static int anyRoom() {
        return Integer.MAX_VALUE;
    }

    @Override
    @continuable
    public void send(int dest, MpiHeader header, byte[] buf, int off, int len) {
        int size = MpiHeader.BYTES + len;
        if (staging.length < size) {
            staging = new byte[size];
        }
        System.arraycopy(header.encode(), 0, staging, 0, MpiHeader.BYTES);
        System.arraycopy(buf, off, staging, MpiHeader.BYTES, len);
        mpi.copied(Mpi.Copy.GATHER, size, false);
        fm.send(dest, HANDLER, staging, size);
    }

    private void onMessage(byte[] buf, int size, int sender) {
        MpiHeader h = mpi.parse(buf, 0);
        // A one-packet message is handed over in the receive slot, memory the NIC wrote; a longer one in FM's
        // reassembly buffer, host memory like any other.
        boolean inSlot = size <= fm.packetPayload();
        MpiRequest r = mpi.match(h);
        byte[] into = r != null ? r.buf : new byte[h.length()];
        int at = r != null ? r.off : 0;
        System.arraycopy(buf, MpiHeader.BYTES, into, at, h.length());
        mpi.copied(r != null ? Mpi.Copy.POSTED : Mpi.Copy.POOL_IN, h.length(), inSlot);
        if (r != null) {
            mpi.complete(r, h);
        } else {
            mpi.reserve(h.length());
            mpi.unexpected(h, into);
        }
    }

    @Override
    @continuable
    public void progressUntil(BooleanSupplier done, long deadline) {
        fm.extractUntil(done, deadline);
    }

    @Override
    @continuable
    public void progress() {
        fm.extract();
    }
}
