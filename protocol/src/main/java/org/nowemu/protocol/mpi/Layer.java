package org.nowemu.protocol.mpi;

import java.util.function.BooleanSupplier;
import org.apache.commons.javaflow.api.continuable;

/** What the MPI layer needs of the FM below it: send a message (header and payload), and make progress. */
interface Layer {
    /** Sends {@code header} and {@code len} bytes of {@code buf} from {@code off} to rank {@code dest}. */
    @continuable
    void send(int dest, MpiHeader header, byte[] buf, int off, int len);

    /** Extracts until {@code done} holds or virtual time reaches {@code deadline}. */
    @continuable
    void progressUntil(BooleanSupplier done, long deadline);

    /** Extracts what has arrived, once, without waiting. */
    @continuable
    void progress();
}
