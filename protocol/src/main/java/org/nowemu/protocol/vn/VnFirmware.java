package org.nowemu.protocol.vn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.TreeSet;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.NicSettings;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.nic.Doorbell;
import org.nowemu.protocol.nic.DriverEntry;
import org.nowemu.protocol.nic.HostEntry;
import org.nowemu.protocol.stack.FirmwareCosts;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.wire.Header;

/**
 * The VN transport firmware on the LANai, with its parts switched by the stack: endpoint scheduling (virtual
 * networks) or one FIFO (GAM); reliability (stop-and-wait channels with alternating bits, positive ACKs, NACK and
 * drop when a receive queue is full, a coarse retransmission timer, return to sender as unreachable after the
 * last retry) or none; protection checks (translation entry on send, endpoint bounds and tag on receive) or
 * none; and DMA pipelining: without it (AM-II) the send path takes one data message at a time, from the start of
 * its host DMA until its tail has left on the wire, so a medium message is stored and forwarded whole and the
 * next one's host DMA does not overlap this one's network DMA (the processor meanwhile goes on with receives,
 * ACKs and doorbells); with it (GAM) host and network DMAs of successive messages overlap. Every step charges
 * its cycles from the stack's cost table.
 *
 * <p>Endpoint frames: the SRAM holds the profile's {@code endpoint-frames} endpoints at a time. The segment driver
 * creates endpoints (out of any frame) and asks for them to be loaded; with no frame free the firmware picks a
 * resident endpoint to evict (policy {@code nowemu.protocol.paging.eviction}), asks the driver to unmap it, and
 * moves it out only once each of its packets in flight has a positive ACK or its latest NACK (a NACKed packet
 * goes back to its send queue and its channel keeps the sequence bit the receiver still expects). A message for
 * an endpoint that is not resident is NACKed and the driver is told of the fault. With its events on, an
 * endpoint interrupts the host when a message lands in its empty receive queue.
 *
 * <p>A privileged endpoint may send raw packets with explicit routes, receives packets that are not VN-transport
 * packets, and reads and writes the routing table, which starts filled with the topology's shortest routes.
 *
 * <p>Power cycles: a NIC that comes back from a power cut runs a new instance ({@link #restart}) in incarnation
 * {@code boot}, with its tables as a fresh start leaves them. Every packet carries its sender's incarnation and,
 * on DATA, the one the sender believes the receiver is in (stamped when the packet takes its channel, so that
 * retransmissions keep it). A receiver refuses DATA meant for its previous life, which may already have delivered
 * it, with an ACK carrying UNREACHABLE and its own incarnation: the sender returns the message, learns the new
 * incarnation, resets the channel and returns at once every other packet it had for that life
 * ({@link #onRefusal}). DATA from a newer incarnation of a source makes the receiver forget that source's channels;
 * DATA from an older one is a leftover and dropped. Answers from another incarnation than the packet was meant for,
 * or to this NIC's previous life, are stale. The new instance gets back the endpoints from the host and returns
 * the messages the last one held ({@link PreviousLife}).
 *
 * <p>Counters: {@code vn.data_sent}, {@code vn.retransmissions}, {@code vn.acks_sent}, {@code vn.nacks_sent},
 * {@code vn.nacks_received}, {@code vn.duplicates}, {@code vn.delivered}, {@code vn.returned.<error>},
 * {@code vn.rejected.<error>} (refused at the receiver), {@code vn.dropped.<why>}, {@code vn.stale_acks},
 * {@code vn.channel_waits}, {@code vn.raw_sent}, {@code vn.raw_received}, {@code vn.loads}, {@code vn.evictions},
 * {@code vn.taken_back} (NACKed packets returned to an evicted endpoint's queue), {@code vn.nacks_not_resident},
 * {@code vn.faults_reported}, {@code vn.interrupts}, {@code vn.closed} (endpoints of crashed processes),
 * {@code vn.discarded_sends} (what they still had queued); power cycles: {@code vn.rejected.previous_life},
 * {@code vn.dropped.old_boot}, {@code vn.peer_reboots} (sources seen restarted), {@code vn.reboots},
 * {@code vn.reboot_returned} (messages the last life held, returned), {@code vn.dropped.excess_frees} (host frees of
 * entries the NIC does not know of: none, if the queue counts survived the cycle right),
 * {@code vn.dropped.reset_in_fetch} (a message returned while its data was still being fetched).
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
    private final byte[][] routes;
    private final EndpointFrame[] frames;
    private final SendChannels channels;
    private final ReceiveChannels received;
    private final SendScheduler scheduler;
    /** Control packets (ACKs, NACKs, raw packets) ready to go on the wire, in order. */
    private final ArrayDeque<Runnable> ready = new ArrayDeque<>();
    /** Data packets (retransmissions, messages that got a channel) ready for the send path, in order. */
    private final ArrayDeque<Runnable> readyData = new ArrayDeque<>();
    /** What to do when a host DMA completes, by tag: looked up, never iterated. */
    private final HashMap<Long, Runnable> afterDma = new HashMap<>();
    private long dmaTags;
    /** Without pipelining: the data packet holding the send path until its tail has left (-1: none yet). */
    private long sendPath = -1;
    private boolean sendPathBusy;
    private boolean ticking;
    private NicContext nic;
    /** SRAM frames for resident endpoints, and how many are taken (resident or loading). */
    private int slots;
    private int slotsTaken;
    private long frameBytes;
    /** Endpoints waiting for a frame, in the order the driver asked. */
    private final ArrayDeque<Integer> pendingLoads = new ArrayDeque<>();
    /** Evicted endpoints not yet safe to move out, and evictions under way (including their moves). */
    private final TreeSet<Integer> unloading = new TreeSet<>();
    /** Endpoints closed because their process crashed. */
    private final TreeSet<Integer> closed = new TreeSet<>();
    private int evictions;
    private boolean rebalancePending;
    /** This NIC's incarnation (its power-ons, modulo 256), and what it knows of the others'. */
    private int boot;
    private final Incarnations peers = new Incarnations();

    /**
     * @param settings the stack
     * @param routes   the initial routing table: the route to each NIC (null for itself or unreachable); copied
     */
    public VnFirmware(StackSettings settings, byte[][] routes) {
        this.s = settings;
        this.c = settings.firmware();
        this.routes = routes.clone();
        this.frames = new EndpointFrame[settings.maxEndpoints()];
        this.channels = new SendChannels(routes.length, settings.credits());
        this.received = new ReceiveChannels(routes.length, settings.credits());
        this.scheduler = settings.virtualNetworks()
                ? new EndpointScheduler(settings.attempts(), c.schedule(), c.endpointSwitch())
                : new FifoScheduler(c.schedule());
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        int nics = routes.length;
        ctx.sram().allocate("routing table", 8L * nics);
        if (s.reliability()) {
            ctx.sram().allocate("channel tables", (long) nics * 2 * s.credits() * 20);
        }
        ctx.sram().allocate("receive buffers", (long) s.receiveBuffers() * ctx.settings().maxPacketBytes());
        slots = ctx.settings().endpointFrames();
        frameBytes = frameBytes(s);
        ctx.sram().allocate(slots + " endpoint frames", slots * frameBytes);
        ctx.postReceive(s.receiveBuffers());
    }

    @Override
    public Object powerLost(NicContext ctx) {
        return PreviousLife.of(frames, channels, pendingLoads, closed);
    }

    /**
     * Starts in incarnation {@code newBoot} after a power cut: tables as at start, the endpoints back from the host
     * (each costs a doorbell's work; those that were in frames are loaded again by DMA, the others wait for their
     * next use), the messages the last life held returned to their senders as unreachable, and the host's writes
     * while the NIC was off taken now: messages returned likewise (they never reached the NIC), the rest (frees,
     * maps, events, loads, endpoints opened) applied; raw packets and route writes are lost with the power.
     */
    @Override
    public void restart(NicContext ctx, int newBoot, Object previous, List<Object> writesWhileOff) {
        start(ctx);
        boot = newBoot & 0xff;
        nic.counter("vn.reboots").increment();
        if (previous instanceof PreviousLife p) {
            reload(p);
        }
        for (Object w : writesWhileOff) {
            if (w instanceof Doorbell.Send m && !closed.contains(m.endpoint())) {
                nic.cycles(c.doorbell());
                giveBack(m);
            } else if (w instanceof Doorbell d && !(d instanceof Doorbell.RawSend)
                    && !(d instanceof Doorbell.RouteWrite)) {
                nic.cycles(c.doorbell());
                onDoorbell(d);
            }
        }
        pump();
    }

    private void reload(PreviousLife p) {
        // Endpoints of crashed processes stay closed: the driver does not hand them back.
        closed.addAll(p.closed());
        List<EndpointFrame> again = new ArrayList<>();
        for (EndpointFrame old : p.endpoints()) {
            nic.cycles(c.doorbell());
            EndpointFrame f = old.reborn(s.translations());
            frames[f.index] = f;
            if (old.state == EndpointFrame.State.RESIDENT || old.state == EndpointFrame.State.LOADING) {
                again.add(f);
            }
            if (f.events && (f.used[0] > 0 || f.used[1] > 0)) {
                // The last life's entries still in the DMA engine land without the interrupt it would have sent: wake
                // the host once they are in (the engine keeps order), as turning events on with entries waiting does.
                dma(DmaRequest.toHost(0, false, ++dmaTags, -1, null), () -> interrupt(f));
            }
        }
        for (EndpointFrame f : again) {
            if (slotsTaken < slots) {
                startLoad(f, false);
            } else {
                pendingLoads.add(f.index);
            }
        }
        for (int ep : p.pendingLoads()) {
            if (frames[ep].state == EndpointFrame.State.OUT && !pendingLoads.contains(ep)) {
                pendingLoads.add(ep);
            }
        }
        for (Doorbell.Send m : p.held()) {
            giveBack(m);
        }
    }

    /** Returns a message the host had handed to a NIC that lost power: whether it was delivered is unknown. */
    private void giveBack(Doorbell.Send m) {
        EndpointFrame f = frames[m.endpoint()];
        if (f == null) {
            // Its process crashed and its endpoint was closed (a packet it had on a channel): nobody to tell.
            nic.counter("vn.dropped.return_to_nowhere").increment();
            return;
        }
        boolean known = m.reply() || f.mapped(m.index());
        int destNic = m.reply() ? m.nic() : known ? f.destNic(m.index()) : -1;
        int destEp = m.reply() ? m.destEp() : known ? f.destEp(m.index()) : -1;
        nic.counter("vn.reboot_returned").increment();
        returnToSender(f, m.reply(), m.handler(), m.args(), m.data(), m.offset(), m.msgId(), destNic, destEp,
                AmError.UNREACHABLE);
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        nic = ctx;
        if (event instanceof NicEvent.DmaDone d) {
            Runnable then = afterDma.remove(d.tag());
            if (then != null) {
                then.run();
            }
        } else if (event instanceof NicEvent.PacketSent p) {
            if (p.packetId() == sendPath) {
                sendPath = -1;
                sendPathBusy = false;
            }
        } else {
            dispatch(event);
        }
        pump();
    }

    private void dispatch(Object event) {
        if (event instanceof NicEvent.HostWrite w && w.payload() instanceof Doorbell d) {
            nic.cycles(c.doorbell());
            onDoorbell(d);
        } else if (event instanceof NicEvent.PacketReceived rx) {
            onPacket(rx.packet(), rx.status());
            nic.postReceive(1);
        } else if (event instanceof NicEvent.Timer t && t.tag() instanceof Loopback l) {
            onPacket(l.packet(), NicEvent.Status.OK);
        } else if (event instanceof NicEvent.Timer t && t.tag() instanceof Rebalance) {
            rebalancePending = false;
        } else if (event instanceof NicEvent.Timer t && t.tag() instanceof Resend r) {
            onResend(r);
        } else if (event instanceof NicEvent.Timer t && t.tag() instanceof Tick) {
            onTick();
        } else {
            nic.counter("vn.dropped.unknown_event").increment();
        }
    }

    /**
     * SRAM the firmware allocates at start (bytes): routing table, channel tables, receive buffers, endpoint
     * frames. Checked against the NIC's free SRAM before a run, so that too many frames are bad input.
     */
    public static long sramNeeded(StackSettings s, int nics, NicSettings nic) {
        long channels = s.reliability() ? (long) nics * 2 * s.credits() * 20 : 0;
        return 8L * nics + channels + (long) s.receiveBuffers() * nic.maxPacketBytes()
                + nic.endpointFrames() * frameBytes(s);
    }

    /** An endpoint frame in SRAM: translation table, send queues, receive-queue state (bytes). */
    public static long frameBytes(StackSettings s) {
        return 8L * s.translations() + 64L * (2 * s.credits() + 2L * s.receiveQueue());
    }

    /** Sends control packets, then data that is ready, then new messages, while the send path is free. */
    private void pump() {
        if (!pendingLoads.isEmpty()) {
            balance();
        }
        for (Integer ep : unloading.toArray(new Integer[0])) {
            tryUnload(frames[ep]);
        }
        while (true) {
            Runnable r = ready.poll();
            if (r != null) {
                r.run();
                continue;
            }
            if (sendPathBusy) {
                return;
            }
            r = readyData.poll();
            if (r != null) {
                r.run();
                continue;
            }
            Doorbell.Send m = scheduler.next(nic);
            if (m == null) {
                return;
            }
            startMessage(m);
        }
    }

    // ---- the host's writes

    private void onDoorbell(Doorbell d) {
        if (!(d instanceof Doorbell.Open) && closed.contains(d.endpoint())) {
            // Written by a process that has since crashed (its writes were still on the bus when its driver closed
            // the endpoint): nobody is left to answer.
            nic.counter(d instanceof Doorbell.Send ? "vn.discarded_sends" : "vn.dropped.closed_endpoint").increment();
            return;
        }
        if (d instanceof Doorbell.Send m) {
            EndpointFrame f = touched(m.endpoint());
            (m.reply() ? f.replies : f.requests).add(m);
            if (f.resident()) {
                scheduler.added(f);
            } else if (f.state == EndpointFrame.State.OUT && !f.faultReported) {
                // Written after it left its frame (the host's write was already on the bus): it must come back.
                f.faultReported = true;
                nic.counter("vn.faults_reported").increment();
                toDriver(f, new DriverEntry.Fault(f.index));
            }
        } else if (d instanceof Doorbell.Freed f) {
            EndpointFrame freed = touched(f.endpoint());
            int q = EndpointFrame.queue(f.reply());
            freed.used[q] -= f.entries();
            if (freed.used[q] < 0) {
                nic.counter("vn.dropped.excess_frees").add(-freed.used[q]);
                freed.used[q] = 0;
            }
            progressed(freed);
        } else if (d instanceof Doorbell.Open o) {
            if (o.endpoint() < 0 || o.endpoint() >= frames.length) {
                throw new IllegalStateException("endpoint " + o.endpoint() + " beyond the NIC's " + frames.length);
            }
            EndpointFrame f = new EndpointFrame(o, s.translations());
            frames[o.endpoint()] = f;
            // A new endpoint takes a free frame at once; with none free it waits in host memory for its first use.
            if (slotsTaken < slots && pendingLoads.isEmpty()) {
                startLoad(f, false);
            } else {
                toDriver(f, new DriverEntry.Opened(f.index));
            }
        } else if (d instanceof Doorbell.Close x) {
            close(x.endpoint());
        } else if (d instanceof Doorbell.Load l) {
            onLoad(frame(l.endpoint()));
        } else if (d instanceof Doorbell.Unmapped u) {
            frame(u.endpoint()).unmapped = true;
        } else if (d instanceof Doorbell.Events e) {
            EndpointFrame f = touched(e.endpoint());
            f.events = e.on();
            // Turning events on while entries the host has not freed wait interrupts at once. One may have landed
            // after the host's last poll (its entry still on its way) and found the queue not empty because the
            // host's frees had not reached the NIC yet: nothing else would wake the host.
            if (e.on() && (f.used[0] > 0 || f.used[1] > 0)) {
                interrupt(f);
            }
        } else if (d instanceof Doorbell.Segment g) {
            touched(g.endpoint()).segment = g.length();
        } else if (d instanceof Doorbell.Map m) {
            touched(m.endpoint()).map(m);
        } else if (d instanceof Doorbell.RawSend r) {
            if (privileged(r.endpoint())) {
                nic.cycles(c.send());
                nic.counter("vn.raw_sent").increment();
                Packet p = nic.packet(r.route(), r.body());
                ready.add(() -> transmit(p));
            }
        } else if (d instanceof Doorbell.RouteWrite w) {
            if (privileged(w.endpoint()) && w.nic() >= 0 && w.nic() < routes.length) {
                routes[w.nic()] = w.route() == null ? null : w.route().clone();
                if (w.route() == null && w.nic() != nic.nic()) {
                    unroutable(w.nic());
                }
            }
        } else if (d instanceof Doorbell.RouteRead q) {
            if (privileged(q.endpoint())) {
                byte[] route = q.nic() >= 0 && q.nic() < routes.length ? routes[q.nic()] : null;
                toHost(16, false, frames[q.endpoint()].host, new HostEntry.Route(q.endpoint(), q.nic(), route), null);
            }
        }
    }

    /**
     * Forgets an endpoint whose process died: what it had queued to send goes with it (no one is left to be
     * told), its frame is freed, and from now on a message for it is refused as BAD_ENDPOINT. Packets of its
     * already on the wire finish their exchange; their answers find no endpoint and are dropped.
     */
    private void close(int endpoint) {
        EndpointFrame f = endpoint >= 0 && endpoint < frames.length ? frames[endpoint] : null;
        if (f == null) {
            return;
        }
        nic.counter("vn.closed").increment();
        nic.counter("vn.discarded_sends").add(f.requests.size() + f.replies.size());
        channels.takeWaiting(f.index).forEach(w -> nic.counter("vn.discarded_sends").increment());
        f.requests.clear();
        f.replies.clear();
        pendingLoads.remove(f.index);
        switch (f.state) {
            case RESIDENT -> {
                scheduler.removed(f);
                slotsTaken--;
            }
            case UNLOADING -> {
                if (unloading.remove(f.index)) {
                    evictions--;
                    slotsTaken--;
                }
            }
            default -> { }
        }
        frames[endpoint] = null;
        closed.add(endpoint);
        balance();
    }

    /**
     * The route to {@code dest} was removed (the mapper no longer finds that NIC): the packets on its channels and
     * the messages waiting for one go back to their senders as unreachable now, instead of being sent again over the
     * stale route until max-retries; each of those channels starts a new epoch, as after max-retries. Packets on
     * channels first (in channel order), then waiting requests, then waiting replies, each in order.
     */
    private void unroutable(int dest) {
        if (!s.reliability() || !channels.active.contains(dest)) {
            return;
        }
        List<Header> back = new ArrayList<>();
        for (Channel ch : channels.of(dest)) {
            if (ch.busy) {
                back.add(ch.packet);
                channels.reset(dest, ch);
            }
        }
        for (boolean reply : new boolean[] {false, true}) {
            for (SendChannels.Waiting w = channels.waiting(dest, reply).poll(); w != null;
                    w = channels.waiting(dest, reply).poll()) {
                back.add(w.header());
            }
        }
        for (Header h : back) {
            returnToSender(frames[h.srcEp()], h.reply(), h.handler(), h.args(), h.data(), h.offset(), h.msgId(), dest,
                    h.dstEp(), AmError.UNREACHABLE);
        }
    }

    private EndpointFrame frame(int endpoint) {
        EndpointFrame f = endpoint >= 0 && endpoint < frames.length ? frames[endpoint] : null;
        if (f == null) {
            throw new IllegalStateException("host wrote to endpoint " + endpoint + ", which was never opened");
        }
        return f;
    }

    /** The endpoint the host just wrote into: recently active, for lru. */
    private EndpointFrame touched(int endpoint) {
        EndpointFrame f = frame(endpoint);
        f.lastActive = nic.now();
        return f;
    }

    /**
     * The endpoint made progress: its host took entries out of its receive queues (the message it was loaded for
     * has been handled, not just delivered), or one of its packets was acknowledged. A demand-loaded endpoint is
     * kept until its first progress (or two timer quanta): evicting it between delivery and the host's answer
     * would make the answer fault it back in. From its first progress it keeps the frame for its residency (its
     * time slice), so that when more endpoints are busy than there are frames they take turns, each doing a
     * slice's worth of work per load, instead of evicting one another after a message each.
     */
    private void progressed(EndpointFrame f) {
        f.lastActive = nic.now();
        if (!f.progressed) {
            f.progressed = true;
            f.protectedUntil = nic.now() + s.paging().residencyPs();
        }
    }

    private boolean privileged(int endpoint) {
        boolean ok = endpoint >= 0 && endpoint < frames.length && frames[endpoint] != null
                && frames[endpoint].privileged;
        if (!ok) {
            nic.counter("vn.rejected.unprivileged").increment();
        }
        return ok;
    }

    // ---- sending

    private void startMessage(Doorbell.Send m) {
        EndpointFrame f = frames[m.endpoint()];
        int dest;
        int destEp;
        int tag;
        if (m.reply()) {
            dest = m.nic();
            destEp = m.destEp();
            tag = m.tag();
        } else {
            if (s.protection()) {
                nic.cycles(c.protectSend());
            }
            if (!f.mapped(m.index())) {
                returnToSender(f, m.reply(), m.handler(), m.args(), m.data(), m.offset(), m.msgId(), nic.nic(), -1,
                        AmError.BAD_ENTRY);
                return;
            }
            dest = f.destNic(m.index());
            destEp = f.destEp(m.index());
            tag = f.destTag(m.index());
        }
        nic.cycles(c.route());
        byte[] route = dest >= 0 && dest < routes.length ? routes[dest] : null;
        if (route == null && dest != nic.nic()) {
            returnToSender(f, m.reply(), m.handler(), m.args(), m.data(), m.offset(), m.msgId(), dest, destEp,
                    AmError.UNREACHABLE);
            return;
        }
        Header h = new Header(Header.DATA, m.reply(), 0, 0, 0, m.error(), m.handler(), nic.nic(), m.endpoint(), destEp, tag,
                f.tag, m.msgId(), 0, m.offset(), m.args(), m.data(), dest, 0, 0);
        if (s.reliability()) {
            nic.cycles(c.reliableSend());
            Channel ch = channels.free(dest, m.reply());
            if (ch == null) {
                nic.counter("vn.channel_waits").increment();
                channels.waiting(dest, m.reply()).add(new SendChannels.Waiting(h, route, m, nic.now()));
                return;
            }
            onChannel(dest, ch, h, route, m);
        } else {
            fetchThenSend(withBoots(h, dest), route, dest);
        }
    }

    /** Puts the message on the channel, then fetches its data and sends it. */
    private void onChannel(int dest, Channel ch, Header h, byte[] route, Doorbell.Send origin) {
        fetchThenSend(occupy(dest, ch, h, route, origin), route, dest);
    }

    private Header occupy(int dest, Channel ch, Header h, byte[] route, Doorbell.Send origin) {
        Header on = withBoots(h.withChannel(ch.number, ch.seq, ch.epoch, 0), dest);
        ch.route = route;
        ch.origin = origin;
        channels.occupy(dest, ch);
        ch.packet = on;
        startTimer();
        return on;
    }

    /**
     * The packet stamped with this NIC's incarnation and the one it believes {@code dest} is in, as of its first
     * transmission (the same object while every NIC is in incarnation 0).
     */
    private Header withBoots(Header h, int dest) {
        int peer = dest == nic.nic() ? boot : peers.known(dest);
        return boot == 0 && peer == 0 ? h : h.withBoots(boot, peer);
    }

    /** Medium data comes from the host's staging area by DMA first; then the packet goes on the wire. */
    private void fetchThenSend(Header h, byte[] route, int dest) {
        if (!s.pipelineDma()) {
            sendPathBusy = true;
        }
        // Null if the endpoint was closed after the message took its channel: the NIC still sends what it owns.
        EndpointFrame from = frames[h.srcEp()];
        if (from != null) {
            from.inFetch++;
        }
        Runnable send = () -> {
            if (from != null) {
                from.inFetch--;
            }
            if (s.reliability() && channels.get(dest, h.channel()).packet != h) {
                // Its channel was reset while its data crossed the bus (the receiver had restarted and refused
                // another packet): the message has gone back to its sender, and the channel may carry another.
                nic.counter("vn.dropped.reset_in_fetch").increment();
                sendPathBusy = false;
                return;
            }
            nic.cycles(c.send());
            nic.counter("vn.data_sent").increment();
            transmitData(dest, route, stamp(h, dest));
        };
        if (h.data().length > 0) {
            dma(DmaRequest.fromHost(h.data().length, s.streaming(), ++dmaTags), send);
        } else {
            send.run();
        }
    }

    /** Records the transmission's time stamp on its channel (reliability) and in the header. */
    private Header stamp(Header h, int dest) {
        if (!s.reliability() || h.type() != Header.DATA) {
            return h;
        }
        Channel ch = channels.get(dest, h.channel());
        int now = (int) (nic.now() / 1_000_000L);
        ch.stamp = now;
        ch.ticks = 0;
        ch.nacked = false;
        ch.resendQueued = false;
        Header stamped = h.withChannel(h.channel(), h.seq(), h.epoch(), now);
        ch.packet = stamped;
        return stamped;
    }

    /** A data packet: without pipelining it holds the send path until its tail has left. */
    private void transmitData(int dest, byte[] route, Header h) {
        Packet p = transmitTo(dest, route, h);
        if (!s.pipelineDma()) {
            boolean local = dest == nic.nic();
            sendPathBusy = !local;
            sendPath = local ? -1 : p.id();
        }
    }

    private Packet transmitTo(int dest, byte[] route, Header h) {
        Packet p = nic.packet(route == null ? new byte[0] : route, h.encode());
        if (dest == nic.nic()) {
            nic.timer(nic.settings().lanai().cycles(1), new Loopback(p));
        } else {
            transmit(p);
        }
        return p;
    }

    private void transmit(Packet p) {
        nic.transmit(p);
    }

    private void dma(DmaRequest r, Runnable then) {
        afterDma.put(r.tag(), then);
        nic.hostDma(r);
    }

    private void toHost(int bytes, boolean streaming, int host, HostEntry entry, Runnable then) {
        dma(DmaRequest.toHost(bytes, streaming, ++dmaTags, host, entry), then == null ? () -> { } : then);
    }

    // ---- receiving

    private void onPacket(Packet p, NicEvent.Status status) {
        nic.cycles(c.receive());
        if (status != NicEvent.Status.OK) {
            nic.counter("vn.dropped." + status.name().toLowerCase()).increment();
            return;
        }
        Header h = Header.decode(p.body());
        if (h == null) {
            onRaw(p);
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
            case Header.ACK, Header.NACK -> onAnswer(h);
            default -> onReturn(h);
        }
    }

    private void onRaw(Packet p) {
        for (EndpointFrame f : frames) {
            if (f != null && f.privileged) {
                nic.counter("vn.raw_received").increment();
                toHost(p.body().length, false, f.host, new HostEntry.Raw(f.index, p.body(), true), null);
                return;
            }
        }
        nic.counter("vn.dropped.malformed").increment();
    }

    private void onData(Header h) {
        int src = h.srcNic();
        if (s.reliability()) {
            nic.cycles(c.reliableReceive());
            if (!received.valid(src, h.channel())) {
                nic.counter("vn.dropped.bad_channel").increment();
                return;
            }
            if (!ofTheseLives(h)) {
                return;
            }
            if (!received.isNew(src, h.channel(), h.seq(), h.epoch())) {
                nic.counter("vn.duplicates").increment();
                answer(h, Header.ACK, 0);
                return;
            }
        }
        EndpointFrame f = h.dstEp() >= 0 && h.dstEp() < frames.length ? frames[h.dstEp()] : null;
        if (f != null && !f.resident()) {
            notResident(f, h);
            return;
        }
        AmError refused = null;
        if (s.protection()) {
            nic.cycles(c.protectReceive());
            if (f == null) {
                refused = AmError.BAD_ENDPOINT;
            } else if (f.tag != h.tag()) {
                refused = AmError.BAD_TAG;
            }
        }
        if (refused == null && f != null && h.offset() >= 0
                && (long) h.offset() + h.data().length > f.segment) {
            refused = AmError.BAD_SEGMENT_OFFSET;
        } else if (f == null) {
            refused = AmError.BAD_ENDPOINT;
        }
        if (refused != null) {
            nic.counter("vn.rejected." + refused.name().toLowerCase()).increment();
            if (s.reliability()) {
                received.accept(src, h.channel(), h.seq(), h.epoch());
                answer(h, Header.ACK, refused.code());
            } else {
                bounce(h, refused);
            }
            return;
        }
        int q = EndpointFrame.queue(h.reply());
        if (f.used[q] >= s.receiveQueue()) {
            if (s.reliability()) {
                nic.counter("vn.nacks_sent").increment();
                answer(h, Header.NACK, AmError.CONGESTION.code());
            } else {
                nic.counter("vn.dropped.queue_full").increment();
            }
            return;
        }
        if (s.reliability()) {
            received.accept(src, h.channel(), h.seq(), h.epoch());
        }
        boolean interrupt = arrives(f, q);
        f.lastActive = nic.now();
        nic.counter("vn.delivered").increment();
        deliver(f, new HostEntry.Delivery(f.index, h.reply(), src, h.srcEp(), h.srcTag(), h.handler(), h.args(),
                h.data(), h.offset(), h.msgId(), h.status(), false), () -> {
                    if (s.reliability()) {
                        answer(h, Header.ACK, 0);
                    }
                    if (interrupt) {
                        interrupt(f);
                    }
                });
    }

    /**
     * Whether DATA belongs to this NIC's life and its source's latest: a source that has restarted has its channels
     * forgotten; a packet from an older life of its source is dropped; one meant for this NIC's previous life is
     * refused as unreachable (that life may have delivered it and the ACK died with it).
     */
    private boolean ofTheseLives(Header h) {
        switch (peers.fromSource(h.srcNic(), h.boot())) {
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
        if (h.peerBoot() != boot) {
            nic.counter("vn.rejected.previous_life").increment();
            answer(h, Header.ACK, AmError.UNREACHABLE.code());
            return false;
        }
        return true;
    }

    private void interrupt(EndpointFrame f) {
        nic.counter("vn.interrupts").increment();
        nic.tell(f.driver, nic.settings().lanai().cycles(1), new DriverEntry.Interrupt(f.index));
    }

    /**
     * A message for an endpoint that is not in a frame (or is moving): NACKed, so the sender retries at its next
     * timer tick, and the driver hears of the fault once until the endpoint has been in a frame again.
     */
    private void notResident(EndpointFrame f, Header h) {
        if (s.reliability()) {
            nic.counter("vn.nacks_not_resident").increment();
            nic.counter("vn.nacks_sent").increment();
            answer(h, Header.NACK, AmError.CONGESTION.code());
        } else {
            nic.counter("vn.dropped.not_resident").increment();
        }
        if (f.state == EndpointFrame.State.OUT && !f.faultReported) {
            f.faultReported = true;
            nic.counter("vn.faults_reported").increment();
            toDriver(f, new DriverEntry.Fault(f.index));
        }
    }

    private void toDriver(EndpointFrame f, DriverEntry e) {
        dma(DmaRequest.toHost(16, false, ++dmaTags, f.driver, e), () -> { });
    }

    // ---- endpoint frames

    private void onLoad(EndpointFrame f) {
        switch (f.state) {
            case RESIDENT -> toDriver(f, new DriverEntry.Loaded(f.index));
            case OUT, UNLOADING -> {
                if (!pendingLoads.contains(f.index)) {
                    pendingLoads.add(f.index);
                }
                balance();
            }
            default -> { }
        }
    }

    /** Starts loads into free frames; when endpoints wait and no frame is free, starts evictions for them. */
    private void balance() {
        while (slotsTaken < slots && !pendingLoads.isEmpty()) {
            EndpointFrame next = null;
            for (Integer ep : pendingLoads) {
                if (frames[ep].state == EndpointFrame.State.OUT) {
                    next = frames[ep];
                    break;
                }
            }
            if (next == null) {
                return;
            }
            pendingLoads.remove(next.index);
            startLoad(next, true);
        }
        while (pendingLoads.size() > evictions) {
            EndpointFrame victim = victim();
            if (victim == null) {
                wakeWhenProtectionEnds();
                return;
            }
            victim.state = EndpointFrame.State.UNLOADING;
            victim.unmapped = false;
            scheduler.removed(victim);
            unloading.add(victim.index);
            evictions++;
            toDriver(victim, new DriverEntry.Evicting(victim.index));
        }
    }

    /**
     * The resident endpoint to evict. Privileged (mapper) endpoints stay, and so does a demand-loaded one that is
     * still waiting for its first use or within its time slice ({@link #progressed}). Among the others, those whose
     * leaving costs least go first: no receive entries the host has yet to take (their thread would fault to
     * answer them), then no packets in flight (they would wait for ACKs or be taken back); then the paging
     * policy decides.
     */
    private EndpointFrame victim() {
        List<EndpointFrame> best = new ArrayList<>();
        int bestCost = Integer.MAX_VALUE;
        for (EndpointFrame f : frames) {
            if (f == null || !f.resident() || f.privileged || nic.now() < f.protectedUntil) {
                continue;
            }
            int cost = (f.used[0] + f.used[1] > 0 ? 2 : 0) + (inFlight(f) ? 1 : 0);
            if (cost < bestCost) {
                best.clear();
                bestCost = cost;
            }
            if (cost == bestCost) {
                best.add(f);
            }
        }
        if (best.isEmpty()) {
            return null;
        }
        return switch (s.paging().eviction()) {
            case "fifo" -> best.stream().min(Comparator.comparingLong((EndpointFrame f) -> f.loadedAt)).get();
            case "random" -> best.get(nic.random().nextInt(best.size()));
            default -> best.stream().min(Comparator.comparingLong((EndpointFrame f) -> f.lastActive)).get();
        };
    }

    /**
     * Endpoints wait for a frame and every resident one is still protected: nothing else may happen on this NIC
     * until then, so set a timer for the moment the first protection ends.
     */
    private void wakeWhenProtectionEnds() {
        if (rebalancePending) {
            return;
        }
        long first = Long.MAX_VALUE;
        for (EndpointFrame f : frames) {
            if (f != null && f.resident() && !f.privileged && f.protectedUntil > nic.now()) {
                first = Math.min(first, f.protectedUntil);
            }
        }
        if (first != Long.MAX_VALUE) {
            rebalancePending = true;
            nic.timer(Math.max(1, first - nic.now()), new Rebalance());
        }
    }

    private boolean inFlight(EndpointFrame f) {
        if (f.inFetch > 0) {
            return true;
        }
        for (int dest : channels.active) {
            for (Channel ch : channels.of(dest)) {
                if (ch.busy && ch.packet.srcEp() == f.index) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A message lands in receive queue {@code q}: counts it; interrupt if events are on and the queue was empty. */
    private boolean arrives(EndpointFrame f, int q) {
        boolean empty = f.used[q] == 0;
        f.used[q]++;
        return empty && f.events;
    }

    /** Moves {@code f} into a free frame; {@code demand}: for a fault, so it is kept until it makes progress. */
    private void startLoad(EndpointFrame f, boolean demand) {
        slotsTaken++;
        f.state = EndpointFrame.State.LOADING;
        dma(DmaRequest.fromHost((int) frameBytes, false, ++dmaTags), () -> {
            if (frames[f.index] != f) {
                // Closed while it was being loaded: the frame is free again.
                slotsTaken--;
                balance();
                return;
            }
            f.state = EndpointFrame.State.RESIDENT;
            f.loadedAt = nic.now();
            f.lastActive = nic.now();
            f.progressed = !demand;
            f.protectedUntil = demand ? nic.now() + 2 * s.quantumPs() : nic.now();
            f.faultReported = false;
            nic.counter("vn.loads").increment();
            for (int i = f.requests.size() + f.replies.size(); i > 0; i--) {
                scheduler.added(f);
            }
            toDriver(f, new DriverEntry.Loaded(f.index));
            // Endpoints still waiting may now find a victim: this one, if nothing else is resident.
            balance();
        });
    }

    /**
     * Moves an evicted endpoint out once it is safe: the driver has unmapped it, none of its messages is between
     * the send path's start and the wire, and each of its packets in flight has its latest transmission NACKed
     * (then it is taken back into its send queue) or has been acknowledged.
     */
    private void tryUnload(EndpointFrame f) {
        if (f.state != EndpointFrame.State.UNLOADING || !f.unmapped || f.inFetch > 0) {
            return;
        }
        List<int[]> nacked = new ArrayList<>();
        for (int dest : channels.active) {
            for (Channel ch : channels.of(dest)) {
                if (ch.busy && ch.packet.srcEp() == f.index) {
                    if (!ch.nacked || ch.resendQueued) {
                        return;
                    }
                    nacked.add(new int[] {dest, ch.number});
                }
            }
        }
        List<Doorbell.Send> back = new ArrayList<>();
        for (int[] dc : nacked) {
            Channel ch = channels.get(dc[0], dc[1]);
            back.add(ch.origin);
            channels.takeBack(dc[0], ch);
            nic.counter("vn.taken_back").increment();
        }
        for (SendChannels.Waiting w : channels.takeWaiting(f.index)) {
            back.add(w.origin());
        }
        back.sort(Comparator.comparingLong(Doorbell.Send::msgId).reversed());
        for (Doorbell.Send m : back) {
            f.requeue(m);
        }
        for (int[] dc : nacked) {
            // The channel is free again: a message of another endpoint may be waiting for it.
            serveWaiting(dc[0], dc[1] >= s.credits());
        }
        unloading.remove(f.index);
        dma(DmaRequest.toHost((int) frameBytes, false, ++dmaTags, -1, null), () -> {
            f.state = EndpointFrame.State.OUT;
            f.faultReported = false;
            slotsTaken--;
            evictions--;
            nic.counter("vn.evictions").increment();
            if (f.hasWork()) {
                // It left with messages to send (written while it was leaving, or taken back after a NACK): only
                // a frame lets them go, so it asks to come back as a message arriving for it would.
                f.faultReported = true;
                nic.counter("vn.faults_reported").increment();
                toDriver(f, new DriverEntry.Fault(f.index));
            }
            balance();
        });
    }

    /** Writes a receive-queue entry (after the data, for a medium message) into the endpoint's host memory. */
    private void deliver(EndpointFrame f, HostEntry.Delivery d, Runnable then) {
        nic.cycles(c.deliver());
        int entry = c.entryBytes() + 4 * d.args().length;
        if (d.data().length > 0) {
            dma(DmaRequest.toHost(d.data().length, s.streaming(), ++dmaTags, -1, null),
                    () -> toHost(entry, false, f.host, d, then));
        } else {
            toHost(entry, false, f.host, d, then);
        }
    }

    /** Sends an ACK or NACK for {@code h} back to its source. */
    private void answer(Header h, int kind, int status) {
        nic.cycles(c.ackSend());
        if (kind == Header.ACK) {
            nic.counter("vn.acks_sent").increment();
        }
        int src = h.srcNic();
        byte[] route = src >= 0 && src < routes.length ? routes[src] : null;
        if (route == null && src != nic.nic()) {
            nic.counter("vn.dropped.no_route_back").increment();
            return;
        }
        Header plain = h.answer(kind, status, nic.nic());
        Header a = boot == 0 && h.boot() == 0 ? plain : plain.withBoots(boot, h.boot());
        ready.add(() -> transmitTo(src, route, a));
    }

    /** Without reliability, a refused message travels back whole to be returned to its sender. */
    private void bounce(Header h, AmError why) {
        int src = h.srcNic();
        byte[] route = src >= 0 && src < routes.length ? routes[src] : null;
        if (route == null && src != nic.nic()) {
            nic.counter("vn.dropped.no_route_back").increment();
            return;
        }
        nic.cycles(c.send());
        Header back = h.withType(Header.RETURN, why.code()).toward(src);
        ready.add(() -> transmitTo(src, route, back));
    }

    private void onReturn(Header h) {
        EndpointFrame f = h.srcEp() < frames.length ? frames[h.srcEp()] : null;
        returnToSender(f, h.reply(), h.handler(), h.args(), h.data(), h.offset(), h.msgId(), -1, h.dstEp(),
                AmError.of(h.status()));
    }

    private void onAnswer(Header a) {
        nic.cycles(c.ackReceive());
        int dest = a.srcNic();
        Channel ch = channels.get(dest, a.channel());
        if (ch == null || !ch.busy || ch.seq != a.seq() || ch.epoch != a.epoch() || a.peerBoot() != boot) {
            nic.counter("vn.stale_acks").increment();
            return;
        }
        if (a.boot() != ch.packet.peerBoot()) {
            // From another life of the receiver than the packet was meant for.
            if (a.type() == Header.ACK && a.status() == AmError.UNREACHABLE.code()
                    && Incarnations.newer(a.boot(), ch.packet.peerBoot())) {
                onRefusal(dest, a.boot());
            } else {
                nic.counter("vn.stale_acks").increment();
            }
            return;
        }
        if (a.type() == Header.NACK) {
            nic.counter("vn.nacks_received").increment();
            if (a.timestamp() == ch.stamp && !ch.resendQueued) {
                // The latest transmission was refused for lack of room: the receiver is there. Send it again after a
                // back-off that doubles with each NACK in a row (up to the timer quantum), not at the coarse tick.
                ch.nacked = true;
                ch.retries = 0;
                long backoff = Math.min(s.quantumPs(), s.nackBackoffPs() << Math.min(ch.nacksInRow, 20));
                ch.nacksInRow++;
                nic.timer(backoff, new Resend(dest, ch.number, ch.packet));
            }
            return;
        }
        Header sent = ch.packet;
        channels.release(dest, ch);
        if (sent.srcEp() >= 0 && sent.srcEp() < frames.length && frames[sent.srcEp()] != null && a.status() == 0) {
            progressed(frames[sent.srcEp()]);
        }
        if (a.status() != 0) {
            returnToSender(frames[sent.srcEp()], sent.reply(), sent.handler(), sent.args(), sent.data(),
                    sent.offset(), sent.msgId(), dest, sent.dstEp(), AmError.of(a.status()));
        }
        serveWaiting(dest, sent.reply());
    }

    /**
     * NIC {@code dest} has restarted as incarnation {@code newBoot} and refused a packet meant for its previous
     * life: every packet this NIC still has for that life would be refused too, so each goes back to its sender now
     * as unreachable, its channel reset to a new epoch, and messages waiting for the channel take it, stamped for
     * the new life.
     */
    private void onRefusal(int dest, int newBoot) {
        peers.learn(dest, newBoot);
        for (Channel ch : channels.of(dest)) {
            if (ch.busy && ch.packet.peerBoot() != peers.known(dest)) {
                Header h = ch.packet;
                channels.reset(dest, ch);
                returnToSender(frames[h.srcEp()], h.reply(), h.handler(), h.args(), h.data(), h.offset(), h.msgId(),
                        dest, h.dstEp(), AmError.UNREACHABLE);
                serveWaiting(dest, h.reply());
            }
        }
    }

    /**
     * A channel of the kind to {@code dest} is free: the first waiting message takes it, with the timeouts it
     * waited counted as retries it has used ({@link SendChannels#timeoutsWaited}); one that waited through all of
     * them (more than max-retries timeouts) goes back to its sender as unreachable, as it would have on a channel
     * of its own, and the next one is served.
     */
    private void serveWaiting(int dest, boolean reply) {
        ArrayDeque<SendChannels.Waiting> w = channels.waiting(dest, reply);
        long timeout = (long) s.timeoutTicks() * s.quantumPs();
        for (SendChannels.Waiting next = w.poll(); next != null; next = w.poll()) {
            long used = SendChannels.timeoutsWaited(next, nic.now(), timeout);
            if (used > s.maxRetries()) {
                Header h = next.header();
                nic.counter("vn.expired_waiting").increment();
                returnToSender(frames[h.srcEp()], h.reply(), h.handler(), h.args(), h.data(), h.offset(), h.msgId(),
                        dest, h.dstEp(), AmError.UNREACHABLE);
                continue;
            }
            Channel free = channels.free(dest, reply);
            Header on = occupy(dest, free, next.header(), next.route(), next.origin());
            free.retries = (int) used;
            byte[] route = next.route();
            readyData.add(() -> fetchThenSend(on, route, dest));
            return;
        }
    }

    /**
     * Returns a message to its sending endpoint's reply-receive queue with {@code why}; {@code destNic} and
     * {@code destEp} say where it was going (they become the entry's source).
     */
    private void returnToSender(EndpointFrame f, boolean reply, int handler, int[] args, byte[] data, int offset,
                                long msgId, int destNic, int destEp, AmError why) {
        if (f == null) {
            // Its endpoint was closed (its process died) while the message was out.
            nic.counter("vn.dropped.return_to_nowhere").increment();
            return;
        }
        nic.counter("vn.returned." + why.name().toLowerCase()).increment();
        boolean interrupt = arrives(f, 1);
        deliver(f, new HostEntry.Delivery(f.index, reply, destNic, destEp, 0, handler, args, data, offset, msgId,
                why.code(), true), () -> {
                    if (interrupt) {
                        interrupt(f);
                    }
                });
    }

    private void onResend(Resend r) {
        Channel ch = channels.get(r.dest(), r.channel());
        if (ch == null || !ch.busy || ch.packet != r.packet() || !ch.nacked) {
            return;
        }
        ch.nacked = false;
        ch.ticks = 0;
        ch.resendQueued = true;
        nic.counter("vn.retransmissions").increment();
        byte[] route = routes[r.dest()] != null ? routes[r.dest()] : ch.route;
        Header again = ch.packet;
        readyData.add(() -> {
            if (ch.busy && ch.packet == again) {
                nic.cycles(c.send());
                transmitData(r.dest(), route, stamp(again, r.dest()));
            }
        });
    }

    // ---- what tests look at

    SendChannels channels() {
        return channels;
    }

    EndpointFrame endpoint(int index) {
        return frames[index];
    }

    // ---- the retransmission timer

    private void startTimer() {
        if (!ticking) {
            ticking = true;
            nic.timer(s.quantumPs(), new Tick());
        }
    }

    private void onTick() {
        // The next tick is set before this one's work, so ticks stay exactly one quantum apart.
        ticking = false;
        if (channels.anyUnacked()) {
            startTimer();
        }
        nic.cycles(c.timer());
        for (int dest : channels.active.toArray(new Integer[0])) {
            nic.cycles(c.scan());
            for (Channel ch : channels.of(dest)) {
                // A NACKed packet goes again at the next tick; a silent one after timeout-ticks ticks, so that it
                // has waited at least timeout-ticks - 1 whole quanta.
                // A NACKed packet waits for its back-off timer; a silent one goes again after timeout-ticks ticks.
                if (!ch.busy || ch.nacked || ++ch.ticks < s.timeoutTicks()) {
                    continue;
                }
                if (ch.retries >= s.maxRetries() && !ch.nacked) {
                    Header h = ch.packet;
                    channels.reset(dest, ch);
                    returnToSender(frames[h.srcEp()], h.reply(), h.handler(), h.args(), h.data(), h.offset(),
                            h.msgId(), dest, h.dstEp(), AmError.UNREACHABLE);
                    serveWaiting(dest, h.reply());
                    continue;
                }
                ch.retries++;
                ch.nacked = false;
                ch.ticks = 0;
                nic.counter("vn.retransmissions").increment();
                Header again = ch.packet;
                byte[] route = routes[dest] != null ? routes[dest] : ch.route;
                ch.resendQueued = true;
                readyData.add(() -> {
                    if (ch.busy && ch.packet == again) {
                        nic.cycles(c.send());
                        transmitData(dest, route, stamp(again, dest));
                    }
                });
            }
        }
    }
}
