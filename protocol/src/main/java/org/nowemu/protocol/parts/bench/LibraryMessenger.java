package org.nowemu.protocol.parts.bench;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.host.ProcessServices;

/**
 * What every system's {@link Messenger} adapter has in common, so that an adapter says only how its system sends a
 * message and waits for one: the host, clock and counters of the library it wraps, the {@link Arrivals} its handler
 * records, and a send buffer it reuses.
 */
public abstract class LibraryMessenger implements Messenger {
    private final ProcessServices lib;
    private final Arrivals arrivals = new Arrivals();
    private byte[] buffer = new byte[0];

    /** @param lib the host API of the program the adapter runs in */
    protected LibraryMessenger(ProcessServices lib) {
        this.lib = lib;
    }

    @Override
    public final int host() {
        return lib.host();
    }

    @Override
    public final long now() {
        return lib.now();
    }

    @Override
    public final void compute(long ps) {
        lib.computeFor(ps);
    }

    @Override
    public final Arrivals arrivals() {
        return arrivals;
    }

    @Override
    public final Counter counter(String name) {
        return lib.counter(name);
    }

    @Override
    public final void outcome(Object outcome) {
        lib.outcome(outcome);
    }

    /**
     * Every library adapter tells acknowledgements apart: by default their mark costs nothing to set up (a mark in
     * the message's first byte, an MPI tag); an adapter that needs a handler or an export for them first overrides.
     */
    @Override
    @continuable
    public boolean takeAcks() {
        return true;
    }

    /** Records a message from host {@code source} (-1: not known) that has arrived now, on the program's clock. */
    protected final void arrived(int source) {
        arrivals.arrived(now(), source);
    }

    /** Records an acknowledgement ({@link Messenger#sendAck}) from host {@code source} that has arrived now. */
    protected final void arrivedAck(int source) {
        arrivals.arrived(now(), source, true);
    }

    /**
     * Records what a part marked by {@link LastPart} from host {@code source} completes: a message or an
     * acknowledgement at its last part, nothing at an earlier one.
     */
    protected final void arrivedPart(int source, byte[] part) {
        if (LastPart.isAck(part)) {
            arrivedAck(source);
        } else if (LastPart.isLast(part)) {
            arrived(source);
        }
    }

    /** Whether {@code count} messages have arrived since the start. */
    protected final boolean arrived(long count) {
        return arrivals.count() >= count;
    }

    /** A buffer of at least {@code bytes} bytes, reused from message to message (its contents are not read). */
    protected final byte[] buffer(int bytes) {
        if (buffer.length < bytes) {
            buffer = new byte[bytes];
        }
        return buffer;
    }
}
