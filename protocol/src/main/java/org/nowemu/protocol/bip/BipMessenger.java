package org.nowemu.protocol.bip;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * BIP behind a {@link Messenger}: a message is one {@code bip_tsend} on tag 0 from a send buffer the program
 * reuses; waiting for messages is {@code bip_trecv} on tag 0 into a receive buffer it reuses, of the largest size
 * the benchmark sends (so both buffers' pages are pinned by the first messages only). A message has arrived when
 * the receive returns.
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

    private final Bip bip;
    private final Bip.Buffer out;
    private final Bip.Buffer in;

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

    /** Receives until {@code count} have arrived; BIP's receive blocks, so the deadline only stops new ones. */
    @Override
    @continuable
    public void await(long count, long deadline) {
        while (!arrived(count) && bip.now() < deadline) {
            Bip.Received got = bip.trecv(TAG, in, in.bytes());
            arrived(got.src());
        }
    }

    /** Receives until {@code count} have arrived or the deadline, giving up a receive that is still waiting then. */
    @Override
    @continuable
    public void awaitUntil(long count, long deadline) {
        while (!arrived(count) && bip.now() < deadline) {
            Bip.Received got = bip.trecv(TAG, in, in.bytes(), deadline);
            if (got == null) {
                return;
            }
            arrived(got.src());
        }
    }
}
