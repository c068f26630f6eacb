package org.nowemu.protocol.unet;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LastPart;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * U-Net behind a {@link Messenger}: a channel to each peer, made on first use; a message is cut into U-Net messages
 * of at most one receive buffer, each composed in the segment's send area (a copy on U-Net, none on U-Net/MM) and
 * sent, its first byte marking the last. A message has arrived when its last part has been taken (a dropped part goes
 * unnoticed: U-Net promises nothing). Received data is used in its buffer, not copied.
 */
public final class UnetMessenger extends LibraryMessenger {
    /** A U-Net program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements UnetProgram {
        @Override
        @continuable
        public void run(Unet u) {
            body.run(new UnetMessenger(u));
        }
    }

    private final Unet u;
    private final int[] channel;
    private long cursor;

    public UnetMessenger(Unet unet) {
        super(unet);
        this.u = unet;
        this.channel = new int[unet.hosts()];
        java.util.Arrays.fill(channel, -1);
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        send(dest, bytes, false);
    }
    /** An acknowledgement: sent as a message, its last part marked an acknowledgement's. */
    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        send(dest, bytes, true);
    }

    @continuable
    private void send(int dest, int bytes, boolean ack) {
        if (channel[dest] < 0) {
            channel[dest] = u.createChannel(dest);
        }
        int n = Math.max(1, bytes);
        while (n > 0) {
            int part = Math.min(n, u.maxMessage());
            n -= part;
            byte[] data = ack && n == 0 ? LastPart.ack(part) : LastPart.marked(part, n == 0);
            long area = u.segment() - u.sendArea();
            if (cursor + part > area) {
                cursor = 0;
            }
            long at = u.sendArea() + cursor;
            cursor += part;
            u.compose(at, part);
            u.send(channel[dest], at, data);
        }
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        while (!arrived(count)) {
            Unet.Message m = u.next(deadline);
            if (m == null) {
                return;
            }
            arrivedPart(m.src(), m.data());
        }
    }
}
