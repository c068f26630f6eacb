package org.nowemu.protocol.basic;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LastPart;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.MarkedParts;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * The basic protocol behind a {@link Messenger}: a message is cut into packets of at most the stack's payload (the
 * survey: users fragment their data), and the program marks its last packet in the payload's first byte; a message
 * has arrived when its last packet has been handled (a dropped earlier packet goes unnoticed, as the protocol
 * promises nothing). Packets are handled where they land, without a copy out.
 */
public final class BasicMessenger extends LibraryMessenger {
    /** A basic-protocol program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements BasicProgram {
        @Override
        @continuable
        public void run(Basic basic) {
            body.run(new BasicMessenger(basic));
        }
    }

    private final Basic b;
    private final MarkedParts parts;

    public BasicMessenger(Basic basic) {
        super(basic);
        this.b = basic;
        this.parts = new MarkedParts(basic.maxPayload());
        basic.setHandler((src, data) -> {
            if (LastPart.isAck(data)) {
                arrivedAck(src);
            } else if (LastPart.isLast(data)) {
                arrived(src);
            }
        });
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        for (byte[] part : parts.of(bytes)) {
            b.send(dest, part);
        }
    }

    /** An acknowledgement: its parts as a message's, the last marked an acknowledgement's. */
    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        for (byte[] part : parts.ofAck(bytes)) {
            b.send(dest, part);
        }
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        b.pollUntil(() -> arrived(count), deadline);
    }
}
