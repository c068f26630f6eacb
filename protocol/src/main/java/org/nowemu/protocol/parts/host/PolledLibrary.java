package org.nowemu.protocol.parts.host;

import org.apache.commons.javaflow.api.continuable;

/**
 * What a program sees of a {@link PolledProcess}'s library, whatever the system: the host and the cluster's size,
 * and taking what has come, now or by a deadline. Each system's library adds its own calls (send, channels,
 * exports) and names what a poll takes.
 *
 * @param <M> what a poll takes
 */
public abstract class PolledLibrary<M> implements ProcessServices {
    private final PolledProcess<M> p;

    protected PolledLibrary(PolledProcess<M> p) {
        this.p = p;
    }

    public final int host() {
        return p.host();
    }

    public final int hosts() {
        return p.hosts();
    }

    /** The next that has arrived, taken; or null. */
    @continuable
    public final M poll() {
        return p.poll();
    }

    /** The next to arrive, waiting for it until virtual time {@code deadline} (then null). */
    @continuable
    public final M next(long deadline) {
        return p.next(deadline);
    }

    @Override
    public final LibraryThread process() {
        return p;
    }
}
