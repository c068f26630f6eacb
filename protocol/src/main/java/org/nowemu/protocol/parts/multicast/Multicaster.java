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

    /**
     * Sends {@code bytes} bytes to every host of {@code group} (ascending, this host among them) but this one. A
     * system whose packets name a group by first host and size takes consecutive hosts only
     * ({@link MulticastReach#anyGroup}); others are an IllegalArgumentException.
     */
    @continuable
    void multicast(int[] group, int bytes);
}
