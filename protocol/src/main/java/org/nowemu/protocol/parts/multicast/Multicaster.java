package org.nowemu.protocol.parts.multicast;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * A system's {@link Messenger} adapter that also multicasts on the system's own mechanism: a multicast
 * experiment written once against it drives every system that has one (NIC forwarding in LFC and FM/MC, the
 * NIC's multisend in PM). A multicast that arrives counts in {@link #arrivals()} as any message does.
 */
public interface Multicaster extends Messenger {
    /** The mechanism: {@link MulticastMode#NI} or {@link MulticastMode#MULTISEND}. */
    MulticastMode mode();

    /**
     * Sends {@code bytes} bytes to hosts {@code first} .. {@code first + members - 1} but this one (a group of
     * consecutive hosts).
     */
    @continuable
    void multicast(int first, int members, int bytes);
}
