package org.nowemu.protocol.am.vn;

import java.util.List;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.NicSettings;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.am.nic.Doorbell;
import org.nowemu.protocol.am.parts.channels.ChannelReceiver;
import org.nowemu.protocol.am.parts.channels.ChannelSender;
import org.nowemu.protocol.am.parts.channels.RetransmissionTimer;
import org.nowemu.protocol.am.parts.channels.SendChannels;
import org.nowemu.protocol.am.parts.delivery.HostDelivery;
import org.nowemu.protocol.am.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.am.parts.endpoints.EndpointTable;
import org.nowemu.protocol.am.parts.paging.EndpointPaging;
import org.nowemu.protocol.am.parts.privileged.PrivilegedEndpoint;
import org.nowemu.protocol.am.parts.protection.ProtectionChecks;
import org.nowemu.protocol.am.parts.restart.Lives;
import org.nowemu.protocol.am.parts.restart.PreviousLife;
import org.nowemu.protocol.am.parts.restart.Rebirth;
import org.nowemu.protocol.am.parts.scheduling.EndpointScheduler;
import org.nowemu.protocol.am.parts.scheduling.FifoScheduler;
import org.nowemu.protocol.am.parts.scheduling.SendScheduler;
import org.nowemu.protocol.am.parts.sendpath.SendPath;
import org.nowemu.protocol.am.stack.FirmwareCosts;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.am.wire.Header;
import org.nowemu.protocol.parts.CurrentNic;
import org.nowemu.protocol.parts.channels.ReceiveChannels;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.parts.routing.RoutingTable;

/**
 * The VN transport firmware that AM-II and GAM run on the LANai: a composition of parts
 * ({@code org.nowemu.protocol.parts}), which the stack's options pick and configure. Endpoint scheduling (virtual
 * networks: {@link EndpointScheduler}) or one FIFO (GAM: {@link FifoScheduler}); reliability (stop-and-wait
 * channels, {@link ChannelSender}, {@link ChannelReceiver}, {@link RetransmissionTimer}) or none (a refused
 * message travels back whole, one for a full queue is dropped); protection checks ({@link ProtectionChecks}) on or
 * off; the send path store-and-forward (AM-II) or pipelined (GAM) ({@link SendPath}). Always there: the routing
 * table, the endpoint table and its frames ({@link EndpointPaging}), delivery into host memory
 * ({@link HostDelivery}), the privileged endpoint ({@link PrivilegedEndpoint}), restart after a power cycle
 * ({@link Lives}, {@link Rebirth}), and the host DMAs with their completions ({@link HostDmas}).
 *
 * <p>This class is the processor's dispatch loop: it hands each event to the part it is for (host writes, packets
 * ({@link VnReceive}), DMA completions, timers), then runs the send side: control packets, data waiting for the
 * send path, and, while the path is free, the next message the scheduler picks ({@link #startMessage}). Every step
 * charges its cycles from the stack's cost table.
 *
 * <p>The timer tags are records of this class: a tag's class name enters the run digest (it is part of the timer
 * event the processor schedules for itself), so they keep the names they had before the parts were split out.
 *
 * <p>Counters: those of its parts, and {@code vn.discarded_sends} and {@code vn.dropped.closed_endpoint} (writes of
 * a process that has crashed), {@code vn.closed}, {@code vn.reboots}, {@code vn.dropped.unknown_event}.
 */
public final class VnFirmware implements Firmware {
    /** The retransmission timer's tick. */
    private record Tick() {
    }

    /** A NACKed packet's back-off is over: send it again if it is still the one on its channel. */
    private record Resend(int dest, int channel, Header packet) {
    }

    /** The earliest protection of a freshly loaded endpoint ends: look for a victim again. */
    private record Rebalance() {
    }

    /** A packet this NIC sends to itself: it skips the wire. */
    private record Loopback(Packet packet) {
    }

    private final StackSettings s;
    private final FirmwareCosts c;
    private final CurrentNic nic = new CurrentNic();
    private final RoutingTable routes;
    private final EndpointTable endpoints;
    private final HostDmas dmas = new HostDmas(nic);
    private final Lives lives = new Lives();
    private final SendScheduler scheduler;
    private final RetransmissionTimer timer;
    private final SendPath path;
    private final ChannelReceiver receiver;
    private final ChannelSender sender;
    private final HostDelivery delivery;
    private final ProtectionChecks protection;
    private final EndpointPaging paging;
    private final PrivilegedEndpoint privileged;
    private final Rebirth rebirth;
    private final VnReceive receive;

    /**
     * @param settings the stack
     * @param routes   the initial routing table: the route to each NIC (null for itself or unreachable); copied
     */
    public VnFirmware(StackSettings settings, Routes routes) {
        this(settings, routes, -1);
    }

    /** As above, on a NIC whose network-send DMA is component {@code sendDma}, where added L's delay line leads. */
    public VnFirmware(StackSettings settings, Routes routes, int sendDma) {
        this.s = settings;
        this.c = settings.firmware();
        int nics = routes.nics();
        this.routes = new RoutingTable(routes);
        this.endpoints = new EndpointTable(settings.maxEndpoints());
        this.scheduler = settings.virtualNetworks()
                ? new EndpointScheduler(settings.attempts(), c.schedule(), c.endpointSwitch())
                : new FifoScheduler(c.schedule());
        SendChannels channels = new SendChannels(nics, settings.credits());
        this.timer = new RetransmissionTimer(nic, channels, Tick::new, settings.quantumPs(), settings.timeoutTicks(),
                settings.maxRetries(), c.timer(), c.scan());
        this.path = new SendPath(nic, endpoints, dmas, settings.pipelineDma(), settings.streaming(), c.send(),
                Loopback::new, settings.knobs(), sendDma);
        this.receiver = new ChannelReceiver(nic, new ReceiveChannels(nics, settings.credits()), lives, this.routes,
                path, c.reliableReceive(), c.ackSend());
        this.delivery = new HostDelivery(nic, endpoints, dmas, receiver::delivered,
                settings.streaming(), c.deliver(), c.entryBytes());
        this.sender = new ChannelSender(nic, new ChannelSender.Settings(settings.credits(), settings.quantumPs(),
                settings.timeoutTicks(), settings.nackBackoffPs(), settings.maxRetries(), c.reliableSend(),
                c.ackReceive()), channels, this.routes, endpoints, path, lives, timer, delivery::returned,
                this::acked, Resend::new);
        this.protection = new ProtectionChecks(nic, settings.protection(), c.protectSend(), c.protectReceive());
        this.paging = new EndpointPaging(nic, new EndpointPaging.Settings(settings.paging().eviction(),
                settings.paging().residencyPs(), 2 * settings.quantumPs(), frameBytes(settings)), endpoints,
                scheduler, sender, dmas, Rebalance::new);
        this.privileged = new PrivilegedEndpoint(nic, endpoints, this.routes, path, dmas, sender::unroutable,
                c.send());
        this.rebirth = new Rebirth(nic, endpoints, paging, delivery, settings.translations(), c.doorbell());
        this.receive = new VnReceive(nic, settings, this.routes, endpoints, path, receiver, sender, delivery,
                protection, paging, privileged);
    }

    /**
     * SRAM the firmware allocates at start (bytes): routing table, channel tables, receive buffers, endpoint
     * frames. Checked against the NIC's free SRAM before a run, so that too many frames are bad input.
     */
    public static long sramNeeded(StackSettings s, int nics, NicSettings nic) {
        long channels = s.reliability() ? ChannelSender.sramBytes(nics, s.credits()) : 0;
        return RoutingTable.sramBytes(nics) + channels + (long) s.receiveBuffers() * nic.maxPacketBytes()
                + nic.endpointFrames() * frameBytes(s);
    }

    /** An endpoint frame in SRAM: translation table, send queues, receive-queue state (bytes). */
    public static long frameBytes(StackSettings s) {
        return EndpointFrame.bytes(s.translations(), s.credits(), s.receiveQueue());
    }

    @Override
    public void start(NicContext ctx) {
        nic.use(ctx);
        routes.allocate(nic);
        if (s.reliability()) {
            nic.sram().allocate("channel tables", ChannelSender.sramBytes(routes.nics(), s.credits()));
        }
        nic.sram().allocate("receive buffers", (long) s.receiveBuffers() * nic.settings().maxPacketBytes());
        paging.allocate();
        nic.postReceive(s.receiveBuffers());
    }

    @Override
    public Object powerLost(NicContext ctx) {
        return PreviousLife.of(endpoints, sender.channels().held(), paging.pendingLoads(), delivery.landing());
    }

    /**
     * Starts in incarnation {@code newBoot} after a power cut: tables as at start, the endpoints back from the host
     * ({@link Rebirth}), and the host's writes while the NIC was off taken now: messages returned likewise (they
     * never reached the NIC), the rest (frees, maps, events, loads, endpoints opened) applied; raw packets and
     * route writes are lost with the power.
     */
    @Override
    public void restart(NicContext ctx, int newBoot, Object previous, List<Object> writesWhileOff) {
        start(ctx);
        lives.reborn(newBoot);
        nic.counter("vn.reboots").increment();
        if (previous instanceof PreviousLife p) {
            rebirth.reload(p);
        }
        for (Object w : writesWhileOff) {
            if (w instanceof Doorbell.Send m && !endpoints.isClosed(m.endpoint())) {
                nic.cycles(c.doorbell());
                rebirth.giveBack(m);
            } else if (w instanceof Doorbell d && !(d instanceof Doorbell.RawSend)
                    && !(d instanceof Doorbell.RouteWrite)) {
                nic.cycles(c.doorbell());
                onDoorbell(d);
            }
        }
        pump();
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        nic.use(ctx);
        if (event instanceof NicEvent.DmaDone d) {
            dmas.done(d.tag());
        } else if (event instanceof NicEvent.PacketSent p) {
            path.sent(p.packetId());
        } else if (event instanceof NicEvent.HostWrite w && w.payload() instanceof Doorbell d) {
            nic.cycles(c.doorbell());
            onDoorbell(d);
        } else if (event instanceof NicEvent.PacketReceived rx) {
            receive.onPacket(rx.packet(), rx.status());
            nic.postReceive(1);
        } else if (event instanceof NicEvent.Timer t) {
            onTimer(t.tag());
        } else {
            nic.counter("vn.dropped.unknown_event").increment();
        }
        pump();
    }

    private void onTimer(Object tag) {
        if (tag instanceof Loopback l) {
            receive.onPacket(l.packet(), NicEvent.Status.OK);
        } else if (tag instanceof Rebalance) {
            paging.rebalanced();
        } else if (tag instanceof Resend r) {
            sender.onResend(r.dest(), r.channel(), r.packet());
        } else if (tag instanceof Tick) {
            timer.onTick(sender);
        } else if (tag instanceof SendPath.Knob k) {
            path.onKnob(k);
        } else {
            nic.counter("vn.dropped.unknown_event").increment();
        }
    }

    /** Sends control packets, then data that is ready, then new messages, while the send path is free. */
    private void pump() {
        paging.step();
        while (path.drain()) {
            Doorbell.Send m = scheduler.next(nic);
            if (m == null) {
                return;
            }
            startMessage(m);
        }
    }

    private void onDoorbell(Doorbell d) {
        if (!(d instanceof Doorbell.Open) && endpoints.isClosed(d.endpoint())) {
            // Written by a process that has since crashed (its writes were still on the bus when its driver closed
            // the endpoint): nobody is left to answer.
            nic.counter(d instanceof Doorbell.Send ? "vn.discarded_sends" : "vn.dropped.closed_endpoint").increment();
            return;
        }
        if (d instanceof Doorbell.Send m) {
            EndpointFrame f = endpoints.touched(m.endpoint(), nic.now());
            (m.reply() ? f.replies : f.requests).add(m);
            if (f.resident()) {
                scheduler.added(f);
            } else {
                // Written after it left its frame (the host's write was already on the bus): it must come back.
                paging.fault(f);
            }
        } else if (d instanceof Doorbell.Freed f) {
            EndpointFrame freed = endpoints.touched(f.endpoint(), nic.now());
            delivery.freed(freed, f);
            paging.progressed(freed);
        } else if (d instanceof Doorbell.Open o) {
            EndpointFrame f = new EndpointFrame(o, s.translations());
            endpoints.put(f);
            paging.opened(f);
        } else if (d instanceof Doorbell.Close x) {
            close(x.endpoint());
        } else if (d instanceof Doorbell.Load l) {
            paging.load(endpoints.opened(l.endpoint()));
        } else if (d instanceof Doorbell.Unmapped u) {
            endpoints.opened(u.endpoint()).unmapped = true;
        } else if (d instanceof Doorbell.Events e) {
            delivery.events(endpoints.touched(e.endpoint(), nic.now()), e.on());
        } else if (d instanceof Doorbell.Segment g) {
            endpoints.touched(g.endpoint(), nic.now()).segment = g.length();
        } else if (d instanceof Doorbell.Map m) {
            endpoints.touched(m.endpoint(), nic.now()).map(m);
        } else if (d instanceof Doorbell.RawSend r) {
            privileged.rawSend(r);
        } else if (d instanceof Doorbell.RouteWrite w) {
            privileged.routeWrite(w);
        } else if (d instanceof Doorbell.RouteRead q) {
            privileged.routeRead(q);
        }
    }

    /**
     * Forgets an endpoint whose process died: what it had queued to send goes with it (no one is left to be
     * told), its frame is freed, and from now on a message for it is refused as BAD_ENDPOINT. Packets of its
     * already on the wire finish their exchange; their answers find no endpoint and are dropped.
     */
    private void close(int endpoint) {
        EndpointFrame f = endpoints.get(endpoint);
        if (f == null) {
            return;
        }
        nic.counter("vn.closed").increment();
        nic.counter("vn.discarded_sends").add(f.requests.size() + f.replies.size());
        sender.takeWaiting(f.index).forEach(w -> nic.counter("vn.discarded_sends").increment());
        f.requests.clear();
        f.replies.clear();
        paging.forget(f);
        endpoints.close(endpoint);
        paging.balance();
    }

    /**
     * The next message the scheduler picked: its destination from the translation entry it names (a reply's from
     * the request's token), its route, then its channel (or straight to the send path without reliability).
     */
    private void startMessage(Doorbell.Send m) {
        EndpointFrame f = endpoints.at(m.endpoint());
        int dest;
        int destEp;
        int tag;
        if (m.reply()) {
            dest = m.nic();
            destEp = m.destEp();
            tag = m.tag();
        } else {
            AmError refused = protection.send(f, m.index());
            if (refused != null) {
                delivery.returnToSender(f, m.reply(), m.handler(), m.args(), m.data(), m.offset(), m.msgId(),
                        nic.nic(), -1, refused);
                return;
            }
            dest = f.destNic(m.index());
            destEp = f.destEp(m.index());
            tag = f.destTag(m.index());
        }
        nic.cycles(c.route());
        byte[] route = routes.route(dest);
        if (route == null && dest != nic.nic()) {
            delivery.returnToSender(f, m.reply(), m.handler(), m.args(), m.data(), m.offset(), m.msgId(), dest,
                    destEp, AmError.UNREACHABLE);
            return;
        }
        Header h = new Header(Header.DATA, m.reply(), 0, 0, 0, m.error(), m.handler(), nic.nic(), m.endpoint(),
                destEp, tag, f.tag, m.msgId(), 0, m.offset(), m.args(), m.data(), dest, 0, 0);
        if (s.reliability()) {
            sender.send(dest, h, route, m);
        } else {
            path.send(lives.toward(h, dest, nic.nic()), route, dest, null);
        }
    }

    /** One of {@code f}'s packets was acknowledged: progress, for paging (wired here: paging needs the channels). */
    private void acked(EndpointFrame f) {
        paging.progressed(f);
    }

    // ---- what tests look at

    SendChannels channels() {
        return sender.channels();
    }

    EndpointFrame endpoint(int index) {
        return endpoints.at(index);
    }
}
