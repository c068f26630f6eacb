package org.nowemu.protocol.fm.fm1;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * FM 1.x behind a {@link Messenger}: one {@code FM_send} per message to handler {@value #HANDLER}, whose handler
 * has the message whole when it runs (in the slot, or reassembled) and only counts it.
 */
public final class Fm1Messenger implements Messenger {
    /** The handler id the messenger registers. */
    public static final int HANDLER = 1;

    private final Fm1 fm;
    private final Arrivals arrivals = new Arrivals();
    private byte[] buf = new byte[0];

    public Fm1Messenger(Fm1 fm) {
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
        if (buf.length < bytes) {
            buf = new byte[bytes];
        }
        fm.send(dest, HANDLER, buf, bytes);
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
        fm.process().note(outcome);
    }

    @Override
    public Counter counter(String name) {
        return fm.counter(name);
    }
}
