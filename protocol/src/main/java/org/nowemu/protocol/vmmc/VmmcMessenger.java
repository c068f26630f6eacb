package org.nowemu.protocol.vmmc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * VMMC behind a {@link Messenger}: each process exports one receive buffer of the largest message at start (export
 * 0); a sender imports its peer's on first use (again a little later if the peer has not exported yet, up to
 * {@link #MAX_ASKS} times) and sends
 * each message with a notification, at the next offset of that buffer (from 0 again when it would pass the end),
 * from a user buffer at the same offset of its own address space. A message has arrived when its notification has
 * been taken; its data is used where it landed. A program that acknowledges exports a second buffer (export 1)
 * for acknowledgements, which its senders import as they do the first: a notification of export 1 is an
 * acknowledgement.
 */
public final class VmmcMessenger extends LibraryMessenger {
    /** A VMMC (and VMMC-2) program that runs a benchmark over this messenger. */
    public record Program(int maxBytes, MessengerProgram body) implements VmmcProgram {
        @Override
        @continuable
        public void run(Vmmc v) {
            body.run(open(v, maxBytes));
        }
    }

    /** Where the program's send buffer starts in its address space [E]. */
    static final long SEND_BUFFER = 0x1000_0000L;
    /** How long a sender waits before asking again for an export not yet made (ps). */
    static final long RETRY_PS = 20_000_000L;
    /**
     * Refused imports of one destination after which a sender stops asking (each takes one of the NIC's import
     * slots): an export is made at its program's start, so only a peer whose NIC forgot it refuses this often.
     */
    static final int MAX_ASKS = 32;
    /** The export acknowledgements are deposited in, and its size (bytes): a page, many acknowledgements. */
    static final int ACK_EXPORT = 1;
    static final int ACK_AREA = 4096;

    private final Vmmc v;
    private final int[] imp;
    private final int[] cursor;
    private final int[] ackImp;
    private final int[] ackCursor;
    private final int size;

    private VmmcMessenger(Vmmc vmmc, int maxBytes) {
        super(vmmc);
        this.v = vmmc;
        this.size = Math.max(4096, maxBytes);
        this.imp = new int[vmmc.hosts()];
        this.cursor = new int[vmmc.hosts()];
        this.ackImp = new int[vmmc.hosts()];
        this.ackCursor = new int[vmmc.hosts()];
        java.util.Arrays.fill(imp, -1);
        java.util.Arrays.fill(ackImp, -1);
    }

    /**
     * The messenger of {@code vmmc}'s program: exports its receive buffer, which waits, so not in a constructor (a
     * continuation cannot be saved inside one).
     */
    @continuable
    public static VmmcMessenger open(Vmmc vmmc, int maxBytes) {
        VmmcMessenger m = new VmmcMessenger(vmmc, maxBytes);
        vmmc.export(m.size, n -> m.arrived(n.src()));
        return m;
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        deposit(dest, bytes, 0, imp, cursor, size);
    }

    @Override
    @continuable
    public boolean takeAcks() {
        v.export(ACK_AREA, new Acked());
        return true;
    }

    /** A notification of the acknowledgements' export: an acknowledgement. */
    private final class Acked implements Vmmc.NotificationHandler {
        @Override
        public void notified(Vmmc.Notification n) {
            arrivedAck(n.src());
        }
    }

    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        deposit(dest, Math.min(bytes, ACK_AREA), ACK_EXPORT, ackImp, ackCursor, ACK_AREA);
    }

    /** Deposits {@code bytes} into {@code dest}'s export {@code exp} (imported on first use) at the next offset. */
    @continuable
    private void deposit(int dest, int bytes, int exp, int[] imp, int[] cursor, int size) {
        int refused = 0;
        while (imp[dest] < 0) {
            imp[dest] = v.importBuffer(dest, exp);
            if (imp[dest] < 0) {
                if (++refused == MAX_ASKS) {
                    // The peer will not export (its NIC lost its tables to a power cycle): this sender can send it
                    // nothing, and waits for good, still taking what arrives.
                    while (true) {
                        v.next(Long.MAX_VALUE);
                    }
                }
                v.computeFor(RETRY_PS);
            }
        }
        int n = Math.max(1, bytes);
        if (cursor[dest] + n > size) {
            cursor[dest] = 0;
        }
        int at = cursor[dest];
        cursor[dest] += n;
        v.send(imp[dest], at, SEND_BUFFER + at, new byte[n], true);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        while (!arrived(count)) {
            if (v.next(deadline) == null) {
                return;
            }
        }
    }
}
