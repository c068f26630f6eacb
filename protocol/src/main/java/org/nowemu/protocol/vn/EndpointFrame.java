package org.nowemu.protocol.vn;

import java.util.ArrayDeque;
import org.nowemu.protocol.nic.Doorbell;

/**
 * An endpoint as the NIC knows it: its tag, its owner's host component, its translation table, its two send
 * queues, how full the host's two receive queues are (the NIC writes entries, the host frees them with
 * {@link Doorbell.Freed}), its event mask, and where it lives: in one of the SRAM frames (resident), in host
 * memory, or moving between the two. Its contents are the same wherever it lives; only a resident endpoint
 * sends and receives, and moving it costs a DMA of {@code frameBytes}.
 */
final class EndpointFrame {
    enum State { OUT, LOADING, RESIDENT, UNLOADING }

    final int index;
    final int tag;
    final int host;
    final boolean privileged;
    /** Share of the send scheduler's turns (entries per turn, in units of 2^k). */
    final int weight;
    private final int[] destNic;
    private final int[] destEp;
    private final int[] destTag;
    private final boolean[] mapped;
    final ArrayDeque<Doorbell.Send> requests = new ArrayDeque<>();
    final ArrayDeque<Doorbell.Send> replies = new ArrayDeque<>();
    /** Length of the endpoint's bulk region (0: none). */
    int segment;
    State state = State.OUT;
    /** The driver has unmapped it (an eviction waits for this before the frame's contents move). */
    boolean unmapped;
    /** A fault for it was reported to the driver since it last left a frame. */
    boolean faultReported;
    /** Interrupt the host when a message lands in an empty receive queue. */
    boolean events;
    /** Last time it sent, received or was written by the host (for lru); when it was loaded (for fifo). */
    long lastActive;
    long loadedAt;
    /** Its host took entries out of it, or one of its packets was acknowledged, since it was last loaded. */
    boolean progressed;
    /** Until when it may not be evicted: its wait for a first use after a demand load, then its time slice. */
    long protectedUntil;
    /** Its messages between the send path's start and the wire (their data may still be crossing the bus). */
    int inFetch;
    /** Component id of the host's segment driver. */
    final int driver;
    /** Entries the NIC has written and the host has not freed: [request queue, reply queue]. */
    final int[] used = new int[2];

    EndpointFrame(Doorbell.Open open, int translations) {
        this.index = open.endpoint();
        this.tag = open.tag();
        this.host = open.host();
        this.privileged = open.privileged();
        this.driver = open.driver();
        this.weight = open.weight();
        destNic = new int[translations];
        destEp = new int[translations];
        destTag = new int[translations];
        mapped = new boolean[translations];
    }

    /**
     * This endpoint as a restarted NIC gets it back from the host after a power cycle: its configuration (tag,
     * owner, translation table, bulk region, event mask) and how full the host's receive queues are, not in a frame
     * and with nothing to send (what it had is returned to the host).
     */
    EndpointFrame reborn(int translations) {
        EndpointFrame f = new EndpointFrame(new Doorbell.Open(index, tag, host, privileged, weight, driver),
                translations);
        System.arraycopy(destNic, 0, f.destNic, 0, Math.min(destNic.length, translations));
        System.arraycopy(destEp, 0, f.destEp, 0, Math.min(destEp.length, translations));
        System.arraycopy(destTag, 0, f.destTag, 0, Math.min(destTag.length, translations));
        System.arraycopy(mapped, 0, f.mapped, 0, Math.min(mapped.length, translations));
        f.segment = segment;
        f.events = events;
        f.used[0] = used[0];
        f.used[1] = used[1];
        return f;
    }

    void map(Doorbell.Map m) {
        if (m.index() >= 0 && m.index() < mapped.length) {
            destNic[m.index()] = m.nic();
            destEp[m.index()] = m.destEp();
            destTag[m.index()] = m.tag();
            mapped[m.index()] = true;
        }
    }

    boolean mapped(int index) {
        return index >= 0 && index < mapped.length && mapped[index];
    }

    int destNic(int index) {
        return destNic[index];
    }

    int destEp(int index) {
        return destEp[index];
    }

    int destTag(int index) {
        return destTag[index];
    }

    boolean hasWork() {
        return !requests.isEmpty() || !replies.isEmpty();
    }

    boolean resident() {
        return state == State.RESIDENT;
    }

    /** Puts a message that had left the queue (it was NACKed, or waited for a channel) back at its head. */
    void requeue(Doorbell.Send m) {
        (m.reply() ? replies : requests).addFirst(m);
    }

    /** The next send: replies before requests, so a request's reply is never stuck behind new requests. */
    Doorbell.Send take() {
        return replies.isEmpty() ? requests.poll() : replies.poll();
    }

    static int queue(boolean reply) {
        return reply ? 1 : 0;
    }
}
