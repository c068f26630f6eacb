package org.nowemu.protocol.basic;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PartsMessenger;

/**
 * The basic protocol behind a {@link Messenger}: a message is cut into packets of at most the stack's payload (the
 * survey: users fragment their data), and the program marks its last packet in the payload's first byte; a message
 * has arrived when its last packet has been handled (a dropped earlier packet goes unnoticed, as the protocol
 * promises nothing). Packets are handled where they land, without a copy out.
 */
public final class BasicMessenger extends PartsMessenger {
    /** A basic-protocol program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements BasicProgram {
        @Override
        @continuable
        public void run(Basic basic) {
            body.run(new BasicMessenger(basic));
        }
    }

    private final Basic b;

    public BasicMessenger(Basic basic) {
        super(basic, basic.maxPayload());
        this.b = basic;
        basic.setHandler((src, data) -> arrivedPart(src, data));
    }

    @Override
    @continuable
    protected void sendPart(int dest, byte[] part) {
        b.send(dest, part);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        b.pollUntil(() -> arrived(count), deadline);
    }
}
