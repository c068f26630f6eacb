package org.nowemu.protocol.pm;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PartsMessenger;
import org.nowemu.protocol.parts.multicast.Groups;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/**
 * PM behind a benchmark Messenger: a message is split into packets of at most PM's packet size, the last marked in
 * its first byte; it has arrived when its last packet has been handled (PM delivers in order, so all have). As a
 * {@link Multicaster} it multicasts by PM's multisend.
 */
public final class PmMessenger extends PartsMessenger implements Multicaster {
    /** A PM program that runs a benchmark over this messenger. */
    public record Program(MessengerProgram body) implements PmProgram {
        @Override
        @continuable
        public void run(Pm pm) {
            body.run(new PmMessenger(pm));
        }
    }

    private final Pm pm;

    public PmMessenger(Pm pm) {
        super(pm, pm.maxPacket());
        this.pm = pm;
        pm.setHandler((src, data) -> arrivedPart(src, data));
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        multisend(new int[] {dest}, bytes);
    }

    /** An acknowledgement's part: to its one destination. */
    @Override
    @continuable
    protected void sendPart(int dest, byte[] part) {
        pm.send(dest, part);
    }

    @Override
    public MulticastMode mode() {
        return MulticastMode.MULTISEND;
    }

    /**
     * Sends {@code bytes} bytes to hosts {@code first} .. {@code first + members - 1} but this one by PM's
     * multisend: each packet of the message is fetched once and sent by the NIC to each member in turn.
     */
    @Override
    @continuable
    public void multicast(int first, int members, int bytes) {
        boolean in = host() >= first && host() < first + members;
        int[] dests = new int[members - (in ? 1 : 0)];
        for (int h = first, i = 0; h < first + members; h++) {
            if (h != host()) {
                dests[i++] = h;
            }
        }
        multisend(dests, bytes);
    }

    /** To any group: PM's multisend takes its destinations as a list. */
    @Override
    @continuable
    public void multicast(int[] group, int bytes) {
        multisend(Groups.others(group, host()), bytes);
    }

    @continuable
    private void multisend(int[] dests, int bytes) {
        for (byte[] part : parts().of(bytes)) {
            out(dests, part);
        }
    }

    @continuable
    private void out(int[] dests, byte[] packet) {
        if (dests.length == 1) {
            pm.send(dests[0], packet);
        } else {
            pm.multisend(dests, packet);
        }
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        pm.pollUntil(() -> arrived(count), deadline);
    }
}
