package org.nowemu.protocol.mpi;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.fm.fm2.Fm2;
import org.nowemu.protocol.fm.fm2.Fm2Handler;
import org.nowemu.protocol.fm.fm2.FmStream;

/**
 * MPI over FM 2.x (systems §4.4, variant B): the header goes as one {@code FM_send_piece} and the payload as
 * another, straight from the user's buffer (no copy: the PIO is the transfer). The handler receives the 24-byte
 * header first, matches it, and receives the payload straight into the posted receive's buffer (FM_receive's one
 * copy out of FM's receive area), or, with none posted, into a buffer of the unexpected pool that a later receive
 * copies out. Progress calls {@code FM_extract} limited to what MPI has room for, the pool's free bytes and the
 * posted receives' buffers [E]: with neither, it extracts nothing and FM's credits hold the senders back (the FM
 * paper's "delay the extraction of the message until a buffer becomes available"). A send that finds no credit goes
 * on extracting the same way while it waits (MPI's progress engine, {@link Mpi#PROGRESS_EXTRACTS}): FM's own sends
 * take in only credit packets, and two ranks sending to each other with every credit spent would wait for good.
 */
final class OverFm2 implements Layer {
    static final int HANDLER = 2;

    private final Fm2 fm;
    private final Mpi mpi;
    private final byte[] header = new byte[MpiHeader.BYTES];

    OverFm2(Fm2 fm, Mpi mpi) {
        this.fm = fm;
        this.mpi = mpi;
        fm.register(HANDLER, new Arrival());
        fm.extractWhileSendsWait(mpi::room, Mpi.PROGRESS_EXTRACTS);
    }

    @Override
    @continuable
    public void send(int dest, MpiHeader h, byte[] buf, int off, int len) {
        FmStream s = fm.beginMessage(dest, MpiHeader.BYTES + len, HANDLER);
        fm.sendPiece(s, h.encode());
        fm.sendPiece(s, buf, off, len);
        fm.endMessage(s);
    }

    /** An MPI message's FM stream: matched against the posted receives, or kept as unexpected. */
    private final class Arrival implements Fm2Handler {
        @Override
        @continuable
        public int handle(FmStream s, int sender) {
            return onMessage(s, sender);
        }
    }

    @continuable
    private int onMessage(FmStream s, int sender) {
        fm.receive(header, s, MpiHeader.BYTES);
        MpiHeader h = mpi.parse(header, 0);
        MpiRequest r = mpi.match(h);
        if (r != null) {
            fm.receive(r.buf, r.off, s, h.length());
            mpi.complete(r, h);
        } else {
            byte[] into = new byte[h.length()];
            mpi.reserve(h.length());
            fm.receive(into, 0, s, h.length());
            mpi.unexpected(h, into);
        }
        return Fm2.CONTINUE;
    }

    @Override
    @continuable
    public void progressUntil(BooleanSupplier done, long deadline) {
        fm.extractUntil(done, mpi::room, deadline);
    }

    @Override
    @continuable
    public void progress() {
        int room = mpi.room();
        if (room > 0) {
            fm.extract(room);
        }
    }
}
