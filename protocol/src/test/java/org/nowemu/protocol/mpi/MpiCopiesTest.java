package org.nowemu.protocol.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/**
 * The copies each layering forces (systems §4.4's tables), counted in bytes: the MPI layer's own copies
 * ({@code mpi.copied_bytes}), FM 1.x's reassembly ({@code fm.reassembled_bytes}) and FM 2.x's FM_receive
 * ({@code fm.received_bytes}). One message per run, from rank 1 to rank 0, 24 bytes of header in front.
 */
class MpiCopiesTest {
    private static final long MS = 1_000_000_000L;

    /**
     * Rank 1 sends {@code n} bytes at 1 ms. Rank 0 posts its receive at once (posted), or (unexpected) makes
     * progress at 2 ms while waiting for something else, so that MPI takes the message in with no receive posted for
     * it, and only then receives it.
     */
    private static RunResult one(String stack, int n, boolean posted) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro");
        RunResult res = Systems.run(Systems.pair(r, stack, MpiProgram.class, new Receiver(n, posted), new Sender(n)));
        assertEquals(posted ? 0 : 1, res.counter("mpi.unexpected"));
        assertTrue(res.ledger().kept());
        return res;
    }

    /**
     * Over FM 1.x: the send copies header and payload into one staging buffer (88 bytes for 64). A 64-byte message
     * fits one 128-byte packet, handed over in the slot: no reassembly, and MPI copies the 64 bytes into the posted
     * buffer: 152 bytes in MPI's copies. 3000 bytes take 24 packets: FM reassembles all 3024; MPI copies 3024 to send,
     * 3000 into the unexpected pool and 3000 out of it: 9024.
     */
    @Test
    void overFm1ASendIsStagedAndALongMessageIsCopiedThreeTimesOverByMpi() {
        RunResult small = one("mpi-fm1", 64, true);
        assertEquals(152, small.counter("mpi.copied_bytes"));
        assertEquals(2, small.counter("mpi.copies"));
        assertEquals(0, small.counter("fm.reassembled_bytes"));
        RunResult large = one("mpi-fm1", 3000, false);
        assertEquals(9024, large.counter("mpi.copied_bytes"));
        assertEquals(3, large.counter("mpi.copies"));
        assertEquals(3024, large.counter("fm.reassembled_bytes"));
    }

    /**
     * Over FM 2.x: header and payload go as two pieces straight from the user's buffer (no copy); a posted
     * receive takes the payload by FM_receive straight into its buffer: FM_receive copies 24 + 64 bytes, MPI none.
     * Unexpected: FM_receive copies 3024 (into the header and the pool), MPI copies 3000 out of the pool.
     */
    @Test
    void overFm2APostedReceiveIsFilledStraightFromFmsReceiveArea() {
        RunResult small = one("mpi-fm2", 64, true);
        assertEquals(0, small.counter("mpi.copied_bytes"));
        assertEquals(88, small.counter("fm.received_bytes"));
        RunResult large = one("mpi-fm2", 3000, false);
        assertEquals(3000, large.counter("mpi.copied_bytes"));
        assertEquals(1, large.counter("mpi.copies"));
        assertEquals(3024, large.counter("fm.received_bytes"));
    }

    /** At 1 ms, n bytes to rank 0 with tag 3. */
    private record Sender(int n) implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            mpi.computeFor(MS);
            mpi.send(new byte[n], 0, n, 0, 3);
        }
    }

    /** Receives n bytes from rank 1, tag 3: at once if {@code posted}, else after 2 ms with another receive posted. */
    private record Receiver(int n, boolean posted) implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            byte[] buf = new byte[n];
            if (!posted) {
                MpiRequest other = mpi.irecv(new byte[4], 0, 4, 1, 99);
                mpi.computeFor(2 * MS);
                assertTrue(!mpi.test(other));
            }
            assertEquals(n, mpi.recv(buf, 0, n, 1, 3).count());
        }
    }
}
