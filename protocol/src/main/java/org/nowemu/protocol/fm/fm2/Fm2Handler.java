package org.nowemu.protocol.fm.fm2;

/**
 * An FM 2.x handler (the FM paper's {@code int handler(FM_stream *s, unsigned sender)}): it starts on its message's
 * first packet and takes the bytes it wants with {@link Fm2#receive}, which suspends it while they have not arrived.
 */
@FunctionalInterface
public interface Fm2Handler {
    /** Returns {@link Fm2#CONTINUE} (external X1: 1) when it finished normally. */
    int handle(FmStream stream, int sender);
}
