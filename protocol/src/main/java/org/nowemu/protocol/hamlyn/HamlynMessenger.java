package org.nowemu.protocol.hamlyn;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LastPart;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.MarkedParts;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * Hamlyn behind a {@link Messenger}: a message is written into the destination's area in sends of at most
 * {@link Hamlyn#maxSend} bytes, at offsets that go round this sender's share (the benchmarks' receivers consume
 * each message as it is notified, the agreement that makes reuse safe); the last send is marked in its first byte.
 */
public final class HamlynMessenger extends LibraryMessenger {
    /** A Hamlyn program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements HamlynProgram {
        @Override
        @continuable
        public void run(Hamlyn h) {
            body.run(new HamlynMessenger(h));
        }
    }

    private final Hamlyn h;
    private final MarkedParts parts;
    private final long[] nextOffset;

    public HamlynMessenger(Hamlyn h) {
        super(h);
        this.h = h;
        this.parts = new MarkedParts(h.maxSend());
        this.nextOffset = new long[h.hosts()];
        h.setHandler((src, offset, data) -> {
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
            write(dest, part);
        }
    }

    /** An acknowledgement: its parts as a message's, the last marked an acknowledgement's. */
    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        for (byte[] part : parts.ofAck(bytes)) {
            write(dest, part);
        }
    }

    @continuable
    private void write(int dest, byte[] data) {
        if (nextOffset[dest] + data.length > h.areaShare()) {
            nextOffset[dest] = 0;
        }
        h.send(dest, (int) nextOffset[dest], data);
        nextOffset[dest] += data.length;
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        h.pollUntil(() -> arrived(count), deadline);
    }
}
