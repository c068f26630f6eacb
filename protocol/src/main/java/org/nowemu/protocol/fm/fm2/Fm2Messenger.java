package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * FM 2.x behind a {@link Messenger}: a message is {@code FM_begin_message}, one {@code FM_send_piece} of the whole
 * buffer and {@code FM_end_message}; its handler (id {@value #HANDLER}) takes all of it with one {@code FM_receive}
 * into a buffer the program reuses, suspended while packets are still to come.
 */
public final class Fm2Messenger implements Messenger {
    /** The handler id the messenger registers. */
    public static final int HANDLER = 1;

    private final Fm2 fm;
    private final Arrivals arrivals = new Arrivals();
    private byte[] out = new byte[0];
    private byte[] in = new byte[0];

    public Fm2Messenger(Fm2 fm) {
        this.fm = fm;
        fm.register(HANDLER, new Fm2Handler() {
            @Override
            @continuable
            public int handle(FmStream s, int sender) {
                if (in.length < s.size()) {
                    in = new byte[s.size()];
                }
                fm.receive(in, s, s.size());
                arrivals.arrived(fm.now(), sender);
                return Fm2.CONTINUE;
            }
        });
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
        if (out.length < bytes) {
            out = new byte[bytes];
        }
        FmStream s = fm.beginMessage(dest, bytes, HANDLER);
        fm.sendPiece(s, out, 0, bytes);
        fm.endMessage(s);
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
