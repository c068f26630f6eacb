package org.nowemu.protocol.am.nic;

/**
 * What the NIC writes into host memory by DMA for an endpoint: a receive-queue entry (with a medium message's
 * data already in the staging area), a raw packet for a privileged endpoint, or a routing-table entry it was
 * asked for. Arrives at the owning host program as the payload of a {@code DmaWrite}.
 */
public sealed interface HostEntry {
    /** The endpoint whose memory is written. */
    int endpoint();

    /**
     * A message in a receive queue: a request or reply that arrived, or ({@code returned}) one of the endpoint's
     * own messages that the transport returned to it, always in the reply-receive queue, with {@code error} and
     * with the endpoint it was going to as its source. A reply that arrives with an error is the receiving
     * library sending a request back (no handler for it).
     */
    record Delivery(int endpoint, boolean reply, int srcNic, int srcEp, int srcTag, int handler, int[] args,
                    byte[] data, int offset, long msgId, int error, boolean returned) implements HostEntry {
    }

    /** A raw packet's body, for a privileged endpoint; {@code ok} false if it arrived damaged. */
    record Raw(int endpoint, byte[] body, boolean ok) implements HostEntry {
    }

    /** A routing-table entry read back (null: no route). */
    record Route(int endpoint, int nic, byte[] route) implements HostEntry {
    }
}
