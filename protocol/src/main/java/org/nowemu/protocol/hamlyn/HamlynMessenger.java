package org.nowemu.protocol.hamlyn;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PartsMessenger;

/**
 * Hamlyn behind a {@link Messenger}: a message is written into the destination's area in sends of at most
 * {@link Hamlyn#maxSend} bytes, at offsets that go round this sender's share (the benchmarks' receivers consume
 * each message as it is notified, the agreement that makes reuse safe); the last send is marked in its first byte.
 */
public final class HamlynMessenger extends PartsMessenger {
    /** A Hamlyn program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements HamlynProgram {
        @Override
        @continuable
        public void run(Hamlyn h) {
            body.run(new HamlynMessenger(h));
        }
    }

    private final Hamlyn h;
    private final long[] nextOffset;

    public HamlynMessenger(Hamlyn h) {
        super(h, h.maxSend());
        this.h = h;
        this.nextOffset = new long[h.hosts()];
        h.setHandler((src, offset, data) -> arrivedPart(src, data));
    }

    /** Writes a part at this sender's next offset in the destination's area. */
    @Override
    @continuable
    protected void sendPart(int dest, byte[] data) {
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
