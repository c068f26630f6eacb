package org.nowemu.protocol.lfc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.LastPart;
import org.nowemu.protocol.parts.bench.LibraryMessenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.multicast.Groups;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/**
 * LFC behind a {@link Multicaster}: an upcall that counts every message, unicast or multicast, as it arrives; an
 * acknowledgement is marked in its first byte ({@link LastPart#ack}), which the upcall reads.
 */
public final class LfcMessenger extends LibraryMessenger implements Multicaster {
    /** An LFC program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements LfcProgram {
        @Override
        @continuable
        public void run(Lfc lfc) {
            body.run(new LfcMessenger(lfc));
        }
    }

    private final Lfc lfc;

    public LfcMessenger(Lfc lfc) {
        super(lfc);
        this.lfc = lfc;
        lfc.upcall(new Count());
    }

    /** Counts every message as it is handed up. */
    private final class Count implements Lfc.Upcall {
        @Override
        public void handle(byte[] b, int size, int sender, boolean multicast) {
            if (LastPart.isAck(b)) {
                arrivedAck(sender);
            } else {
                arrived(sender);
            }
        }
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        lfc.send(dest, buffer(bytes), bytes);
    }

    @Override
    @continuable
    public void sendAck(int dest, int bytes) {
        byte[] b = LastPart.ack(bytes);
        lfc.send(dest, b, b.length);
    }

    @Override
    public MulticastMode mode() {
        return MulticastMode.NI;
    }

    @Override
    @continuable
    public void multicast(int first, int members, int bytes) {
        lfc.multicast(first, members, buffer(bytes), bytes);
    }

    /** A group of consecutive hosts only: LFC's packets name their group by first host and size. */
    @Override
    @continuable
    public void multicast(int[] group, int bytes) {
        lfc.multicast(Groups.consecutive("LFC", group), group.length, buffer(bytes), bytes);
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        lfc.waitUntil(() -> arrived(count), deadline);
    }
}
