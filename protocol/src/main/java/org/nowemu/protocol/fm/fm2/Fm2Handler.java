package org.nowemu.protocol.fm.fm2;

import org.apache.commons.javaflow.api.continuable;

/**
 * An FM 2.x handler (the FM paper's {@code int handler(FM_stream *s, unsigned sender)}): it starts on its message's
 * first packet and takes the bytes it wants with {@link Fm2#receive}, which suspends it while they have not arrived.
 */
@FunctionalInterface
public interface Fm2Handler {
    /** Returns {@link Fm2#CONTINUE} (libsynk: 1) when it finished normally. */
    @continuable
    int handle(FmStream stream, int sender);
}
