package org.nowemu.protocol.parts.multicast;

/**
 * A NIC's receive buffers under NIC-level credits (systems §10.6, §10.5): each sending NIC holds
 * {@code perSender} credits for this NIC, one per buffer set aside for it here, so a packet from it always finds a
 * buffer. A packet occupies its buffer until the NIC is done with it: copied to its host and, a multicast packet,
 * forwarded to each of its children in the tree (the survey: the sender "is responsible only for acquiring buffer
 * space at its children"). Only then is the buffer freed and its credit owed back to the NIC it came from.
 *
 * <p>A packet arriving from a sender whose buffers are all taken is an overflow: the credits failed, and the run
 * fails naming the NIC, rather than silently losing or making room. The high-water mark is kept for tests and
 * counters.
 */
public final class ForwardingBuffers {
    /** A packet held in a buffer: what is still to be done with it. */
    public static final class Held {
        private final int from;
        private final Object packet;
        private int children;
        private boolean host;

        private Held(int from, Object packet, int children, boolean host) {
            this.from = from;
            this.packet = packet;
            this.children = children;
            this.host = host;
        }

        /** The NIC it came from, owed a credit once the buffer is free. */
        public int from() {
            return from;
        }

        public Object packet() {
            return packet;
        }

        boolean done() {
            return children == 0 && !host;
        }
    }

    private final String nic;
    private final int perSender;
    private final int[] inUse;
    private int total;
    private int highWater;

    /**
     * @param nic       for messages
     * @param senders   NICs that may send here (indexed by NIC)
     * @param perSender buffers (credits) for each
     */
    public ForwardingBuffers(String nic, int senders, int perSender) {
        if (perSender < 1) {
            throw new IllegalArgumentException(nic + ": " + perSender + " buffers per sender");
        }
        this.nic = nic;
        this.perSender = perSender;
        this.inUse = new int[senders];
    }

    /**
     * A packet from NIC {@code from} has arrived into a buffer; it waits for {@code children} forwards and, if
     * {@code toHost}, a copy to the host.
     */
    public Held take(int from, Object packet, int children, boolean toHost) {
        if (inUse[from] == perSender) {
            throw new IllegalStateException(nic + ": a packet from NIC " + from + " found all " + perSender
                    + " of its buffers taken: the NIC-level credits let a buffer overflow");
        }
        inUse[from]++;
        total++;
        highWater = Math.max(highWater, inUse[from]);
        return new Held(from, packet, children, toHost);
    }

    /** One child has been sent the packet; returns whether its buffer is now free. */
    public boolean forwarded(Held h) {
        if (h.children == 0) {
            throw new IllegalStateException(nic + ": a packet forwarded more often than it has children");
        }
        h.children--;
        return release(h);
    }

    /** The packet is in host memory; returns whether its buffer is now free. */
    public boolean delivered(Held h) {
        if (!h.host) {
            throw new IllegalStateException(nic + ": a packet copied to the host twice");
        }
        h.host = false;
        return release(h);
    }

    private boolean release(Held h) {
        if (!h.done()) {
            return false;
        }
        inUse[h.from]--;
        total--;
        return true;
    }

    /** Buffers in use now, over all senders. */
    public int inUse() {
        return total;
    }

    /** The most buffers one sender has ever had in use at once (never above {@link #perSender}). */
    public int highWater() {
        return highWater;
    }

    public int perSender() {
        return perSender;
    }
}
