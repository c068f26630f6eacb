package org.nowemu.protocol.bip;

import java.util.ArrayList;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * BIP's control program, receive side (systems §5.4, §5.5). Packets are taken in arrival order. A short
 * message goes into the next slot of its tag's ring in host memory, by host DMA, flag last, if the ring has room
 * (the receiver's bound: the NIC counts what it put there against what the library says it has taken); a long
 * message's first packet needs the one posted receive, on its tag, and is then DMA'd straight into the user's
 * buffer, cut at the receiver's page boundaries, as are the packets that follow it. A packet that cannot go yet
 * (the ring full, no receive posted) stays in its SRAM buffer, which is not given back to the receive DMA, and
 * every packet behind it waits too, except the rest of the long message under way: once the buffers are used up the
 * receive DMA stops draining the link and the network holds the sender back. Nothing is dropped: the sender is held,
 * and goes on when the host posts the receive or takes from the ring. A posted receive whose tag's ring already
 * holds a message it has not taken is used up at once by that message, as it is when the next message for its tag
 * is a short one; a long one completes it when its last byte is in, with its length and source. A packet that
 * arrives damaged cannot be recovered (BIP detects errors and aborts, no retransmission): it is counted and dropped.
 *
 * <p>Counters: {@code bip.ring_delivered}, {@code bip.long_packets_delivered}, {@code bip.long_delivered},
 * {@code bip.held} (packets that had to wait), {@code bip.damaged.<status>}.
 */
final class BipReceive {
    /** A packet's last bytes have left its SRAM buffer for host memory: the buffer goes back to the receive DMA. */
    record BufferFree() {
    }

    /** A long message being written into the posted receive's buffer. */
    private record Bound(int src, int seq, int total) {
    }

    private final BipSettings s;
    private final FirmwareSteps c;
    private final HardwareProfile profile;
    private final NicContext nic;
    /** Packets into the tags' rings and the posted receive's buffer; an SRAM buffer back once its last write is in. */
    private final HostReceive<BufferFree> receive;
    private final HostDmas dmas;
    private final int host;
    private final long[] delivered;
    private final long[] consumed;
    /** What the firmware last read of {@link #consumed}. */
    private final long[] consumedSeen;
    /** Packets in SRAM not yet delivered, in arrival order. */
    private final ArrayList<byte[]> waiting = new ArrayList<>();
    private BipWire.PostRecv posted;
    private Bound bound;
    private int boundDone;

    BipReceive(BipSettings s, HardwareProfile profile, NicContext nic, HostDmas dmas, int host) {
        this.s = s;
        this.c = s.firmware();
        this.profile = profile;
        this.nic = nic;
        this.receive = new HostReceive<>(nic, c, "bip.damaged.", null, dmas, s.streamingDma(), null);
        this.dmas = dmas;
        this.host = host;
        this.delivered = new long[s.tags()];
        this.consumed = new long[s.tags()];
        this.consumedSeen = new long[s.tags()];
    }

    void onHostWrite(Object p) {
        if (p instanceof BipWire.PostRecv r) {
            nic.cycles(c.poll() + c.descriptor());
            if (posted != null) {
                throw new IllegalStateException("BIP: a second receive posted while one is pending (one per process)");
            }
            posted = r;
            if (delivered[r.tag()] > r.consumed()) {
                posted = null; // a message waits in the ring: the library takes it there
            }
        } else if (p instanceof BipWire.Consumed k) {
            // A word in SRAM the dispatch loop does not look at: the NIC reads it when a ring looks full.
            consumed[k.tag()] = Math.max(consumed[k.tag()], k.consumed());
        } else {
            throw new IllegalStateException("BIP firmware: unexpected host write " + p);
        }
        deliverWaiting();
    }

    void onPacket(NicEvent.PacketReceived rx) {
        byte[] body = receive.accept(rx);
        if (body == null) {
            return;
        }
        waiting.add(body);
        int before = waiting.size();
        deliverWaiting();
        if (waiting.size() >= before) {
            nic.counter("bip.held").increment();
        }
    }

    /** Delivers what can go: the oldest packet, or a later one of the long message under way. */
    private void deliverWaiting() {
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = 0; i < waiting.size(); i++) {
                BipWire.Header h = BipWire.Header.of(waiting.get(i));
                boolean continuation = bound != null && h.kind() == BipWire.LONG && h.offset() > 0
                        && h.src() == bound.src() && h.seq() == bound.seq();
                if ((i == 0 || continuation) && deliverable(h, continuation)) {
                    deliver(h, waiting.remove(i));
                    progress = true;
                    break;
                }
            }
        }
    }

    private boolean deliverable(BipWire.Header h, boolean continuation) {
        if (h.kind() == BipWire.SHORT) {
            if (bound != null && posted.tag() == h.tag()) {
                return false; // not past a long message under way on its queue, whose receive is the library's one
            }
            if (delivered[h.tag()] - consumedSeen[h.tag()] < s.tagSlots()) {
                return true;
            }
            nic.cycles(c.descriptor()); // the ring looks full: read the library's count of messages taken
            consumedSeen[h.tag()] = consumed[h.tag()];
            return delivered[h.tag()] - consumedSeen[h.tag()] < s.tagSlots();
        }
        return continuation || (h.offset() == 0 && bound == null && posted != null && posted.tag() == h.tag());
    }

    private void deliver(BipWire.Header h, byte[] body) {
        if (h.kind() == BipWire.SHORT) {
            int slot = (int) (delivered[h.tag()]++ % s.tagSlots());
            nic.counter("bip.ring_delivered").increment();
            // The slot's flag sits after the message: the same DMA writes it, last.
            receive.entry(body.length + 4, host, new Arrival(h.tag(), slot, body), c.descriptor(), new BufferFree());
            if (posted != null && posted.tag() == h.tag()) {
                posted = null; // the receive takes this message from the ring
            }
            return;
        }
        if (h.offset() == 0) {
            if (h.total() > posted.maxBytes()) {
                throw new IllegalStateException("BIP: a long message of " + h.total() + " B from host " + h.src()
                        + " for a receive of at most " + posted.maxBytes() + " B on tag " + h.tag()
                        + " (BIP aborts the application)");
            }
            bound = new Bound(h.src(), h.seq(), h.total());
            boundDone = 0;
        }
        int bytes = body.length - BipWire.HEADER_BYTES;
        long page = profile.host().pageSize();
        long at = posted.first() + (long) h.offset();
        int left = bytes;
        nic.cycles(c.descriptor());
        nic.counter("bip.long_packets_delivered").increment();
        while (left > 0) {
            int piece = (int) Math.min(left, page - at % page);
            left -= piece;
            at += piece;
            if (left == 0) {
                receive.entry(piece, -1, null, 0, new BufferFree()); // the last piece frees the SRAM buffer
            } else {
                receive.data(piece, -1, null, 0);
            }
        }
        boundDone += bytes;
        if (boundDone == bound.total()) {
            nic.counter("bip.long_delivered").increment();
            complete(new BipWire.RecvDone(bound.src(), bound.total(), bound.seq()));
            bound = null;
        }
    }

    /** Writes the posted receive's completion word into host memory (after what the engine is already moving). */
    private void complete(BipWire.RecvDone done) {
        nic.cycles(c.flag() + c.dma());
        dmas.toHost(8, false, host, done);
        posted = null;
    }
}
