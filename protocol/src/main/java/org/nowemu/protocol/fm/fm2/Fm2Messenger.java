package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * FM 2.x behind a {@link Messenger}: a message is {@code FM_begin_message}, one {@code FM_send_piece} of the whole
 * buffer and {@code FM_end_message}; its handler (id {@value #HANDLER}) takes all of it with one {@code FM_receive}
 * into a buffer the program reuses, suspended while packets are still to come. An acknowledgement goes the same
 * way to handler {@value #ACK_HANDLER}, which counts it as one.
 */
public final class Fm2Messenger extends LibraryMessenger {
    /** An FM 2.x program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements Fm2Program {
        @Override
        @continuable
        public void run(Fm2 fm) {
            body.run(new Fm2Messenger(fm));
        }
    }

    /** The handler id the messenger registers. */
    public static final int HANDLER = 1;
    /** The handler id of acknowledgements ({@link Messenger#sendAck}). */
    public static final int ACK_HANDLER = 2;

    private final Fm2 fm;
    private byte[] in = new byte[0];

    public Fm2Messenger(Fm2 fm) {
        super(fm);
        this.fm = fm;
        fm.register(HANDLER, new Receive(false));
    }

    /** Takes the whole message into the reused receive buffer, and counts it as data or as an acknowledgement. */
    private final class Receive implements Fm2Handler {
        private final boolean ack;

        Receive(boolean ack) {
            this.ack = ack;
        }

        @Override
        @continuable
        public int handle(FmStream s, int sender) {
            if (in.length < s.size()) {
                in = new byte[s.size()];
            }
            fm.receive(in, s, s.size());
            if (ack) {
                arrivedAck(sender);
            } else {
                arrived(sender);
            }
            return Fm2.CONTINUE;
        }
    }

    @Override
    @continuable
    public boolean takeAcks() {
        fm.register(ACK_HANDLER, new Receive(true));
        return true;
    }

    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        FmStream s = fm.beginMessage(dest, bytes, ACK_HANDLER);
        fm.sendPiece(s, buffer(bytes), 0, bytes);
        fm.endMessage(s);
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        FmStream s = fm.beginMessage(dest, bytes, HANDLER);
        fm.sendPiece(s, buffer(bytes), 0, bytes);
        fm.endMessage(s);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        fm.extractUntil(() -> arrived(count), deadline);
    }
}
