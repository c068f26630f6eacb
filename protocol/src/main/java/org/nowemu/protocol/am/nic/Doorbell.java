package org.nowemu.protocol.am.nic;

/**
 * What a host writes into NIC memory by programmed I/O: the endpoint's send-queue entries and control words.
 * Each arrives at the firmware as the payload of a {@code HostWrite} once its words have crossed the bus; the
 * host library charges the words ({@link #words}) that the real structure would take.
 */
public sealed interface Doorbell {
    /** The endpoint the write is about. */
    int endpoint();

    /**
     * The segment driver creates an endpoint: the NIC learns of it, not yet resident (see {@link Load}).
     *
     * @param endpoint   index on this NIC
     * @param tag        the endpoint's tag
     * @param host       component id of the host thread that owns its host memory (receive queues, staging)
     * @param privileged a mapper endpoint: may send raw packets and touch the routing table
     * @param weight     the endpoint's share in the firmware's round-robin: entries per turn, in units of 2^k
     * @param driver     component id of the host's segment driver (faults, evictions, interrupts go there)
     */
    record Open(int endpoint, int tag, int host, boolean privileged, int weight, int driver) implements Doorbell {
    }

    /**
     * The driver closes {@code endpoint}: its process has died. The NIC forgets it; messages for it come back to
     * their senders as BAD_ENDPOINT.
     */
    record Close(int endpoint) implements Doorbell {
    }

    /** The driver asks for {@code endpoint} in a frame, evicting a resident one if no frame is free. */
    record Load(int endpoint) implements Doorbell {
    }

    /** The driver has unmapped the evicted {@code endpoint} from its process: no more host writes into it. */
    record Unmapped(int endpoint) implements Doorbell {
    }

    /** The endpoint's event mask: interrupt the host when a message lands in an empty receive queue. */
    record Events(int endpoint, boolean on) implements Doorbell {
    }

    /** A translation-table entry: index -> (destination NIC, endpoint, tag). */
    record Map(int endpoint, int index, int nic, int destEp, int tag) implements Doorbell {
    }

    /**
     * A send-queue entry. A request names a translation index (the NIC translates); a reply names its target
     * (the requester) taken from the request it answers. Medium data stays in the host's staging area until the
     * NIC fetches it by DMA.
     *
     * @param endpoint sending endpoint
     * @param reply    reply-send queue (true) or request-send queue
     * @param index    translation index (requests), -1 for replies
     * @param nic      reply target NIC (replies)
     * @param destEp   reply target endpoint (replies)
     * @param tag      reply target tag (replies)
     * @param handler  handler index
     * @param args     argument words (PIO'd into the entry)
     * @param data     medium data in the staging area (fetched by DMA), or empty
     * @param offset   bulk offset in the receiver's region, or -1
     * @param msgId    run-unique id
     * @param error      0; or, on a reply the library sends in place of a handler that does not exist, the
     *                   error code the request returns to its sender with
     */
    record Send(int endpoint, boolean reply, int index, int nic, int destEp, int tag, int handler, int[] args,
                byte[] data, int offset, long msgId, int error) implements Doorbell {
    }

    /** The endpoint's bulk memory region: bulk transfers land at an offset below {@code length}. */
    record Segment(int endpoint, int length) implements Doorbell {
    }

    /** The host has consumed {@code entries} entries of an endpoint's receive queue. */
    record Freed(int endpoint, boolean reply, int entries) implements Doorbell {
    }

    /** Privileged: put a raw packet with an explicit source route on the wire. */
    record RawSend(int endpoint, byte[] route, byte[] body) implements Doorbell {
    }

    /** Privileged: write the routing-table entry for {@code nic} (null removes it: no route). */
    record RouteWrite(int endpoint, int nic, byte[] route) implements Doorbell {
    }

    /** Privileged: ask the NIC to DMA the routing-table entry for {@code nic} to the host. */
    record RouteRead(int endpoint, int nic) implements Doorbell {
    }
}
