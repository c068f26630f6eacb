package org.nowemu.protocol.bip;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * BIP behind a {@link Messenger}: a message is one {@code bip_tsend} on tag 0 from a send buffer the program
 * reuses; waiting for messages is {@code bip_trecv} on tag 0 into a receive buffer it reuses, of the largest size
 * the benchmark sends (so both buffers' pages are pinned by the first messages only). A message has arrived when
 * the receive returns. Acknowledgements go on tag {@value #ACK_TAG}, short messages (at most the copy threshold) that
 * land in that tag's ring whether a receive is posted or not: a program that takes them probes that ring before
 * each receive of data, and its receives of data give up when one waits there.
 */
public final class BipMessenger extends LibraryMessenger {
    /** A BIP program that runs a benchmark over this messenger. */
    public record Program(int maxBytes, MessengerProgram body) implements BipProgram {
        @Override
        @continuable
        public void run(Bip bip) {
            body.run(new BipMessenger(bip, maxBytes));
        }
    }

    private static final int TAG = 0;
    /** The tag of acknowledgements ({@link Messenger#sendAck}). */
    static final int ACK_TAG = 1;

    private final Bip bip;
    private final Bip.Buffer out;
    private final Bip.Buffer in;
    private Bip.Buffer ackOut;
    private Bip.Buffer ackIn;

    public BipMessenger(Bip bip, int maxBytes) {
        super(bip);
        this.bip = bip;
        this.out = bip.buffer(maxBytes);
        this.in = bip.buffer(maxBytes);
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        bip.tsend(dest, TAG, out, Math.min(bytes, out.bytes()));
    }

    @Override
    @continuable
    public boolean takeAcks() {
        int bytes = bip.copyThreshold();
        ackOut = bip.buffer(bytes);
        ackIn = bip.buffer(bytes);
        return true;
    }

    /** An acknowledgement: a short message on tag {@value #ACK_TAG} (at most the copy threshold). */
    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        bip.tsend(dest, ACK_TAG, ackOut, Math.min(bytes, ackOut.bytes()));
    }

    /** Receives until {@code count} have arrived; BIP's receive blocks, so the deadline only stops new ones. */
    @Override
    @continuable
    public void await(long count, long deadline) {
        while (!arrived(count) && bip.now() < deadline) {
            if (ackIn == null) {
                arrived(bip.trecv(TAG, in, in.bytes()).src());
            } else if (!takeAck()) {
                Bip.Received got = bip.trecv(TAG, in, in.bytes(), Long.MAX_VALUE, ACK_TAG);
                if (got != null) {
                    arrived(got.src());
                }
            }
        }
    }

    /** Receives until {@code count} have arrived or the deadline, giving up a receive that is still waiting then. */
    @Override
    @continuable
    public void awaitUntil(long count, long deadline) {
        while (!arrived(count) && bip.now() < deadline) {
            if (ackIn != null && takeAck()) {
                continue;
            }
            Bip.Received got = ackIn == null ? bip.trecv(TAG, in, in.bytes(), deadline)
                    : bip.trecv(TAG, in, in.bytes(), deadline, ACK_TAG);
            if (got == null) {
                if (ackIn == null) {
                    return;
                }
                continue;
            }
            arrived(got.src());
        }
    }

    /** Takes an acknowledgement if one waits on its tag (a probe of the ring first); whether it took one. */
    @continuable
    private boolean takeAck() {
        if (!bip.tprobe(ACK_TAG)) {
            return false;
        }
        arrivedAck(bip.trecv(ACK_TAG, ackIn, ackIn.bytes()).src());
        return true;
    }
}
