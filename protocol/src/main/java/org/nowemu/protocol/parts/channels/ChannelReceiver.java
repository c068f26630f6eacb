package org.nowemu.protocol.parts.channels;

import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.parts.restart.Lives;
import org.nowemu.protocol.parts.routing.RoutingTable;
import org.nowemu.protocol.parts.sendpath.SendPath;
import org.nowemu.protocol.wire.Header;

/**
 * The receiving side of the stop-and-wait channels: which DATA is new (its bit is the one expected on its channel,
 * or it starts a new epoch), which is a duplicate of one already taken (acknowledged again: the first ACK may have
 * been lost), and the ACKs and NACKs that answer. Across power cycles it takes DATA only from its source's latest
 * life and only if meant for this NIC's present one: a restarted source's channels start afresh, a leftover of an
 * older life is dropped, and DATA meant for this NIC's previous life (which may have delivered it, its ACK lost with
 * the power) is refused as unreachable, carrying this NIC's new incarnation.
 *
 * <p>A duplicate is answered as its original was: with the error of a refusal, or not at all while the original's
 * entry is still on its way to host memory (its own ACK comes when it lands).
 *
 * <p>Inputs: DATA to admit ({@link #admit}), DATA taken ({@link #accept}), in host memory ({@link #delivered}) or
 * refused ({@link #refuse}). Outputs: ACKs and NACKs to the {@link SendPath}'s control queue ({@link #answer}).
 * Counters: {@code vn.dropped.bad_channel}, {@code vn.duplicates}, {@code vn.duplicates_in_delivery},
 * {@code vn.duplicates_refused},
 * {@code vn.dropped.old_boot}, {@code vn.peer_reboots}, {@code vn.rejected.previous_life}, {@code vn.acks_sent},
 * {@code vn.dropped.no_route_back}.
 */
public final class ChannelReceiver {
    private final NicContext nic;
    private final ReceiveChannels received;
    private final Lives lives;
    private final RoutingTable routes;
    private final SendPath path;
    private final int reliableReceiveCycles;
    private final int ackSendCycles;

    /**
     * @param reliableReceiveCycles the sequence check and the receive table (LANai cycles)
     * @param ackSendCycles         building and queueing an ACK or NACK (LANai cycles)
     */
    public ChannelReceiver(NicContext nic, ReceiveChannels received, Lives lives, RoutingTable routes, SendPath path,
                           int reliableReceiveCycles, int ackSendCycles) {
        this.nic = nic;
        this.received = received;
        this.lives = lives;
        this.routes = routes;
        this.path = path;
        this.reliableReceiveCycles = reliableReceiveCycles;
        this.ackSendCycles = ackSendCycles;
    }

    /**
     * Whether DATA {@code h} is new and of these lives, so the firmware may go on with it; if not, it has been
     * dealt with here (dropped, refused, or acknowledged again as a duplicate).
     */
    public boolean admit(Header h) {
        nic.cycles(reliableReceiveCycles);
        if (!received.valid(h.srcNic(), h.channel())) {
            nic.counter("vn.dropped.bad_channel").increment();
            return false;
        }
        if (!ofTheseLives(h)) {
            return false;
        }
        if (!received.isNew(h.srcNic(), h.channel(), h.seq(), h.epoch())) {
            nic.counter("vn.duplicates").increment();
            int status = received.answer(h.srcNic(), h.channel());
            if (status == ReceiveChannels.PENDING) {
                // The original is still being delivered: its ACK follows once its entry is in host memory. One now
                // would tell the sender it was delivered before it is (and the NIC may lose power before it is).
                nic.counter("vn.duplicates_in_delivery").increment();
            } else {
                if (status != 0) {
                    nic.counter("vn.duplicates_refused").increment();
                }
                answer(h, Header.ACK, status);
            }
            return false;
        }
        return true;
    }

    /**
     * DATA {@code h} is taken for delivery: the next on its channel carries the other bit; its ACK goes when its
     * entry is in host memory ({@link #delivered}).
     */
    public void accept(Header h) {
        received.accept(h.srcNic(), h.channel(), h.seq(), h.epoch(), ReceiveChannels.PENDING);
    }

    /** DATA {@code h}, taken, is in host memory: acknowledged, and so are its duplicates from now on. */
    public void delivered(Header h) {
        received.answered(h.srcNic(), h.channel(), h.seq(), h.epoch(), 0);
        answer(h, Header.ACK, 0);
    }

    /**
     * DATA {@code h} is refused for good with {@code why} (an AmError code): taken, so that its retransmissions are
     * duplicates, and answered with an ACK carrying the error, as they will be.
     */
    public void refuse(Header h, int why) {
        received.accept(h.srcNic(), h.channel(), h.seq(), h.epoch(), why);
        answer(h, Header.ACK, why);
    }

    /** Sends an ACK or NACK ({@code kind}) for {@code h} back to its source, with {@code status}. */
    public void answer(Header h, int kind, int status) {
        nic.cycles(ackSendCycles);
        if (kind == Header.ACK) {
            nic.counter("vn.acks_sent").increment();
        }
        int src = h.srcNic();
        byte[] route = routes.route(src);
        if (route == null && src != nic.nic()) {
            nic.counter("vn.dropped.no_route_back").increment();
            return;
        }
        path.control(src, route, lives.answering(h.answer(kind, status, nic.nic()), h));
    }

    /**
     * Whether DATA belongs to this NIC's life and its source's latest: a source that has restarted has its channels
     * forgotten; a packet from an older life of its source is dropped; one meant for this NIC's previous life is
     * refused as unreachable (that life may have delivered it and the ACK died with it).
     */
    private boolean ofTheseLives(Header h) {
        switch (lives.peers().fromSource(h.srcNic(), h.boot())) {
            case OLDER -> {
                nic.counter("vn.dropped.old_boot").increment();
                return false;
            }
            case NEWER -> {
                nic.counter("vn.peer_reboots").increment();
                received.forget(h.srcNic());
            }
            default -> { }
        }
        if (h.peerBoot() != lives.boot()) {
            nic.counter("vn.rejected.previous_life").increment();
            answer(h, Header.ACK, AmError.UNREACHABLE.code());
            return false;
        }
        return true;
    }
}
