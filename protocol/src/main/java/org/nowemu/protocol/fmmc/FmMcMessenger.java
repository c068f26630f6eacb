package org.nowemu.protocol.fmmc;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.multicast.Multicaster;

/** FM/MC behind a {@link Multicaster}: one handler that counts every message, unicast or multicast. */
public final class FmMcMessenger implements Multicaster {
    private static final int HANDLER = 1;
    private final FmMc fm;
    private final Arrivals arrivals = new Arrivals();
    private byte[] buf = new byte[0];

    public FmMcMessenger(FmMc fm) {
        this.fm = fm;
        fm.register(HANDLER, (b, size, sender) -> arrivals.arrived(fm.now(), sender));
    }

    @Override
    public int host() {
        return fm.host();
    }

    @Override
    public long now() {
        return fm.now();
    }

    @Override
    @continuable
    public void send(int dest, int bytes) {
        fm.send(dest, HANDLER, buffer(bytes), bytes);
    }

    @Override
    public MulticastMode mode() {
        return MulticastMode.NI;
    }

    @Override
    @continuable
    public void multicast(int first, int members, int bytes) {
        fm.mcSend(first, members, HANDLER, buffer(bytes), bytes);
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
        fm.extractUntil(() -> arrivals.count() >= count, deadline);
    }

    @Override
    public void outcome(Object outcome) {
        fm.note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return fm.counter(name);
    }
}
