package org.nowemu.protocol.fm.fm1;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * FM 1.x behind a {@link Messenger}: one {@code FM_send} per message to handler {@value #HANDLER}, whose handler
 * has the message whole when it runs (in the slot, or reassembled) and only counts it; an acknowledgement goes to
 * handler {@value #ACK_HANDLER}, which counts it as one. FM/MC's messenger is this one with multicast added.
 */
public class Fm1Messenger extends LibraryMessenger {
    /** An FM 1.x program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements Fm1Program {
        @Override
        @continuable
        public void run(Fm1 fm) {
            body.run(new Fm1Messenger(fm));
        }
    }

    /** The handler id the messenger registers. */
    public static final int HANDLER = 1;
    /** The handler id of acknowledgements ({@link Messenger#sendAck}). */
    public static final int ACK_HANDLER = 2;

    private final Fm1Api fm;

    public Fm1Messenger(Fm1Api fm) {
        super(fm);
        this.fm = fm;
        fm.register(HANDLER, (b, size, sender) -> arrived(sender));
    }

    @Override
    @continuable
    public final boolean takeAcks() {
        fm.register(ACK_HANDLER, (b, size, sender) -> arrivedAck(sender));
        return true;
    }

    @Override
    @continuable
    public final void sendAck(int dest, int bytes) {
        fm.send(dest, ACK_HANDLER, buffer(bytes), bytes);
    }

    @Override
    @continuable
    public final void send(int dest, int bytes) {
        fm.send(dest, HANDLER, buffer(bytes), bytes);
    }

    @Override
    @continuable
    public final void await(long count, long deadline) {
        fm.extractUntil(() -> arrived(count), deadline);
    }
}
