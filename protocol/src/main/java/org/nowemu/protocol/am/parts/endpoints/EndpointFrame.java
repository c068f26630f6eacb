package org.nowemu.protocol.am.parts.endpoints;

import java.util.ArrayDeque;
import org.nowemu.protocol.am.nic.Doorbell;

/**
 * An endpoint as the NIC knows it: its tag, its owner's host component, its translation table, its two send
 * queues, how full the host's two receive queues are (the NIC writes entries, the host frees them with
 * {@link Doorbell.Freed}), its event mask, and where it lives: in one of the SRAM frames (resident), in host
 * memory, or moving between the two. Its contents are the same wherever it lives; only a resident endpoint
 * sends and receives, and moving it costs a DMA of {@link #bytes}.
 *
 * <p>A plain record of NIC memory: the parts of one firmware (scheduling, paging, protection, delivery, channels)
 * read and write its fields directly, all within the one component that runs the firmware.
 */
public final class EndpointFrame {
    /** Where the endpoint lives. */
    public enum State { OUT, LOADING, RESIDENT, UNLOADING }

    public final int index;
    public final int tag;
    public final int host;
    public final boolean privileged;
    /** Share of the send scheduler's turns (entries per turn, in units of 2^k). */
    public final int weight;
    private final int[] destNic;
    private final int[] destEp;
    private final int[] destTag;
    private final boolean[] mapped;
    public final ArrayDeque<Doorbell.Send> requests = new ArrayDeque<>();
    public final ArrayDeque<Doorbell.Send> replies = new ArrayDeque<>();
    /** Length of the endpoint's bulk region (0: none). */
    public int segment;
    public State state = State.OUT;
    /** The driver has unmapped it (an eviction waits for this before the frame's contents move). */
    public boolean unmapped;
    /** A fault for it was reported to the driver since it last left a frame. */
    public boolean faultReported;
    /** Interrupt the host when a message lands in an empty receive queue. */
    public boolean events;
    /** Last time it sent, received or was written by the host (for lru); when it was loaded (for fifo). */
    public long lastActive;
    public long loadedAt;
    /** Its host took entries out of it, or one of its packets was acknowledged, since it was last loaded. */
    public boolean progressed;
    /** Until when it may not be evicted: its wait for a first use after a demand load, then its time slice. */
    public long protectedUntil;
    /** Its messages between the send path's start and the wire (their data may still be crossing the bus). */
    public int inFetch;
    /** Component id of the host's segment driver. */
    public final int driver;
    /** Entries the NIC has written and the host has not freed: [request queue, reply queue]. */
    public final int[] used = new int[2];

    public EndpointFrame(Doorbell.Open open, int translations) {
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
    public EndpointFrame reborn(int translations) {
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

    public void map(Doorbell.Map m) {
        if (m.index() >= 0 && m.index() < mapped.length) {
            destNic[m.index()] = m.nic();
            destEp[m.index()] = m.destEp();
            destTag[m.index()] = m.tag();
            mapped[m.index()] = true;
        }
    }

    public boolean mapped(int index) {
        return index >= 0 && index < mapped.length && mapped[index];
    }

    public int destNic(int index) {
        return destNic[index];
    }

    public int destEp(int index) {
        return destEp[index];
    }

    public int destTag(int index) {
        return destTag[index];
    }

    public boolean hasWork() {
        return !requests.isEmpty() || !replies.isEmpty();
    }

    public boolean resident() {
        return state == State.RESIDENT;
    }

    /** Puts a message that had left the queue (it was NACKed, or waited for a channel) back at its head. */
    public void requeue(Doorbell.Send m) {
        (m.reply() ? replies : requests).addFirst(m);
    }

    /** The next send: replies before requests, so a request's reply is never stuck behind new requests. */
    public Doorbell.Send take() {
        return replies.isEmpty() ? requests.poll() : replies.poll();
    }

    public static int queue(boolean reply) {
        return reply ? 1 : 0;
    }

    /**
     * SRAM one frame takes (bytes): the translation table (8 B an entry), and 64 B a slot for the two send queues
     * (K each) and the two receive queues' state.
     */
    public static long bytes(int translations, int credits, int receiveQueue) {
        return 8L * translations + 64L * (2 * credits + 2L * receiveQueue);
    }
}
