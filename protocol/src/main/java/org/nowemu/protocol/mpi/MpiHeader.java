package org.nowemu.protocol.mpi;

import java.nio.ByteBuffer;

/**
 * The header MPI puts in front of every message: "the minimum length of the header added by the MPI code is 24
 * bytes (6 words)" (FM paper). Its fields are [E] (systems §4.4): context (communicator), source rank, tag,
 * payload length, message kind (eager data is the only kind: MPI-FM has no rendezvous) and the message's sequence
 * number from this source to this destination.
 */
record MpiHeader(int context, int source, int tag, int length, int kind, int seq) {
    static final int BYTES = 24;
    static final int EAGER = 1;

    byte[] encode() {
        return ByteBuffer.allocate(BYTES).putInt(context).putInt(source).putInt(tag).putInt(length).putInt(kind)
                .putInt(seq).array();
    }

    static MpiHeader decode(byte[] b, int off) {
        ByteBuffer bb = ByteBuffer.wrap(b, off, BYTES);
        return new MpiHeader(bb.getInt(), bb.getInt(), bb.getInt(), bb.getInt(), bb.getInt(), bb.getInt());
    }
}
