package org.nowemu.protocol.lfc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/** LFC behind a {@link Multicaster}: an upcall that counts every message, unicast or multicast, as it arrives. */
public final class LfcMessenger implements Multicaster {
    private final Lfc lfc;
    private final Arrivals arrivals = new Arrivals();
    private byte[] buf = new byte[0];

    public LfcMessenger(Lfc lfc) {
        this.lfc = lfc;
        lfc.upcall(new Lfc.Upcall() {
            @Override
            public void handle(byte[] b, int size, int sender, boolean multicast) {
                arrivals.arrived(lfc.now(), sender);
            }
        });
    }

    @Override
    public int host() {
        return lfc.host();
    }

    @Override
    public long now() {
        return lfc.now();
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        lfc.send(dest, buffer(bytes), bytes);
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

    private byte[] buffer(int bytes) {
        if (buf.length < bytes) {
            buf = new byte[bytes];
        }
        return buf;
    }

    @Override
    public Arrivals arrivals() {
        return arrivals;
    }

    @Override
    @continuable
    public void await(long count, long deadline) {
        lfc.waitUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public void outcome(Object outcome) {
        lfc.note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return lfc.counter(name);
    }
}
