package org.nowemu.protocol.vn;

import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.nic.HostEntry;
import org.nowemu.protocol.parts.channels.ChannelReceiver;
import org.nowemu.protocol.parts.channels.ChannelSender;
import org.nowemu.protocol.parts.delivery.HostDelivery;
import org.nowemu.protocol.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.parts.endpoints.EndpointTable;
import org.nowemu.protocol.parts.paging.EndpointPaging;
import org.nowemu.protocol.parts.privileged.PrivilegedEndpoint;
import org.nowemu.protocol.parts.protection.ProtectionChecks;
import org.nowemu.protocol.parts.routing.RoutingTable;
import org.nowemu.protocol.parts.sendpath.SendPath;
import org.nowemu.protocol.stack.FirmwareCosts;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.wire.Header;

/**
 * The VN firmware's receive side: the order in which a packet that arrives meets the parts. A damaged packet is
 * dropped; one that is not a transport packet goes to the privileged endpoint; one sent along a wrong route is
 * dropped; ACKs and NACKs go to the channels. DATA is admitted by the channels (new, of these lives), then needs
 * its endpoint in a frame (else NACK, or drop without reliability, and a fault for the driver), passes the
 * protection checks (else it is refused: an ACK with the error, or, without reliability, the message travels back
 * whole) and needs room in its receive queue (else NACK, or drop); then it is delivered, and acknowledged once its
 * entry is in host memory.
 *
 * <p>Counters: {@code vn.dropped.<status>} (damaged), {@code vn.dropped.misrouted}, {@code vn.delivered},
 * {@code vn.rejected.<error>}, {@code vn.nacks_sent}, {@code vn.nacks_not_resident}, {@code vn.dropped.queue_full},
 * {@code vn.dropped.not_resident}, {@code vn.dropped.no_route_back}.
 */
final class VnReceive {
    private final NicContext nic;
    private final StackSettings s;
    private final FirmwareCosts c;
    private final RoutingTable routes;
    private final EndpointTable endpoints;
    private final SendPath path;
    private final ChannelReceiver receiver;
    private final ChannelSender sender;
    private final HostDelivery delivery;
    private final ProtectionChecks protection;
    private final EndpointPaging paging;
    private final PrivilegedEndpoint privileged;

    VnReceive(NicContext nic, StackSettings settings, RoutingTable routes, EndpointTable endpoints, SendPath path,
              ChannelReceiver receiver, ChannelSender sender, HostDelivery delivery, ProtectionChecks protection,
              EndpointPaging paging, PrivilegedEndpoint privileged) {
        this.nic = nic;
        this.s = settings;
        this.c = settings.firmware();
        this.routes = routes;
        this.endpoints = endpoints;
        this.path = path;
        this.receiver = receiver;
        this.sender = sender;
        this.delivery = delivery;
        this.protection = protection;
        this.paging = paging;
        this.privileged = privileged;
    }

    void onPacket(Packet p, NicEvent.Status status) {
        nic.cycles(c.receive());
        if (status != NicEvent.Status.OK) {
            nic.counter("vn.dropped." + status.name().toLowerCase()).increment();
            return;
        }
        Header h = Header.decode(p.body());
        if (h == null) {
            privileged.onRaw(p);
            return;
        }
        if (h.dstNic() != Header.ANY_NIC && h.dstNic() != nic.nic()) {
            // Sent along a wrong route (a corrupted table entry): it is not ours, and taking it would upset the
            // channel state we keep for its sender. Its sender resends it, and gives up in the end.
            nic.counter("vn.dropped.misrouted").increment();
            return;
        }
        switch (h.type()) {
            case Header.DATA -> onData(h);
            case Header.ACK, Header.NACK -> sender.onAnswer(h);
            default -> onReturn(h);
        }
    }

    private void onData(Header h) {
        if (s.reliability() && !receiver.admit(h)) {
            return;
        }
        EndpointFrame f = endpoints.get(h.dstEp());
        if (f != null && !f.resident()) {
            notResident(f, h);
            return;
        }
        AmError refused = protection.receive(f, h);
        if (refused != null) {
            nic.counter("vn.rejected." + refused.name().toLowerCase()).increment();
            if (s.reliability()) {
                receiver.refuse(h, refused.code());
            } else {
                bounce(h, refused);
            }
            return;
        }
        int q = EndpointFrame.queue(h.reply());
        if (f.used[q] >= s.receiveQueue()) {
            if (s.reliability()) {
                nic.counter("vn.nacks_sent").increment();
                receiver.answer(h, Header.NACK, AmError.CONGESTION.code());
            } else {
                nic.counter("vn.dropped.queue_full").increment();
            }
            return;
        }
        if (s.reliability()) {
            receiver.accept(h);
        }
        boolean interrupt = delivery.arrives(f, q);
        f.lastActive = nic.now();
        nic.counter("vn.delivered").increment();
        delivery.deliver(f, new HostEntry.Delivery(f.index, h.reply(), h.srcNic(), h.srcEp(), h.srcTag(), h.handler(),
                h.args(), h.data(), h.offset(), h.msgId(), h.status(), false), s.reliability() ? h : null, interrupt);
    }

    /**
     * A message for an endpoint that is not in a frame (or is moving): NACKed, so the sender retries after its
     * back-off, and the driver hears of the fault once until the endpoint has been in a frame again.
     */
    private void notResident(EndpointFrame f, Header h) {
        if (s.reliability()) {
            nic.counter("vn.nacks_not_resident").increment();
            nic.counter("vn.nacks_sent").increment();
            receiver.answer(h, Header.NACK, AmError.CONGESTION.code());
        } else {
            nic.counter("vn.dropped.not_resident").increment();
        }
        paging.fault(f);
    }

    /** Without reliability, a refused message travels back whole to be returned to its sender. */
    private void bounce(Header h, AmError why) {
        int src = h.srcNic();
        byte[] route = routes.route(src);
        if (route == null && src != nic.nic()) {
            nic.counter("vn.dropped.no_route_back").increment();
            return;
        }
        nic.cycles(c.send());
        path.control(src, route, h.withType(Header.RETURN, why.code()).toward(src));
    }

    /** A message of ours that came back whole (unreliable transport): returned to its sender. */
    private void onReturn(Header h) {
        delivery.returnToSender(endpoints.get(h.srcEp()), h.reply(), h.handler(), h.args(), h.data(), h.offset(),
                h.msgId(), -1, h.dstEp(), AmError.of(h.status()));
    }
}
