package org.nowemu.mapper.discover;

import java.util.BitSet;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;

/**
 * How the explorer sends probes: in batches, all at once, then it waits one timeout for what comes back. A probe
 * that meets a dead end, a missing cable or a deadlock is simply lost.
 */
public interface Prober {
    /** What a host's mapper daemon answers to a host probe. */
    record HostReply(int nic, int priority) {
    }

    /**
     * Host probes: for each route, who answered (null if nobody). {@code replies.get(i)} is the route an answering
     * host's daemon uses to answer the i-th probe.
     */
    @continuable
    HostReply[] hosts(List<byte[]> routes, List<byte[]> replies);

    /** Loop-back probes addressed to the prober itself: whether each came back (bit i for route i). */
    @continuable
    BitSet loops(List<byte[]> routes);

    /** Probes sent so far and, of those, lost (no answer or not back by the timeout). */
    long sent();

    long lost();
}
