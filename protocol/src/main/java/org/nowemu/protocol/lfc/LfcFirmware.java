package org.nowemu.protocol.lfc;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.dispatch.DispatchLoop;
import org.nowemu.protocol.parts.dma.OrderedDmas;
import org.nowemu.protocol.parts.credits.CreditTable;
import org.nowemu.protocol.parts.multicast.ForwardingBuffers;
import org.nowemu.protocol.parts.multicast.SpanningTree;
import org.nowemu.protocol.parts.notification.NicInterrupts;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * LFC's NIC control program (systems §10.5). Send: the dispatch loop finds a send buffer's ready flag (the
 * host wrote the packet into SRAM by PIO) and sends it if it holds a NIC credit for the destination, else queues it
 * in SRAM for that destination until credits come back; a multicast goes to the root's children in the group's
 * tree, one credit and one send DMA each, from the same SRAM copy. Receive: a credit guarantees the packet a buffer
 * ({@link ForwardingBuffers}); a multicast packet is forwarded to this NIC's children (each with a credit for it) and
 * copied to the host; the buffer, and the credit owed to the NIC it came from, are freed when both are done. The
 * host ring is flow-controlled too: while it is full (the NIC has not seen the host's consumer index advance) the
 * packet stays in its SRAM buffer, holding its credit, so the senders stop. Credits go back piggy-backed on packets
 * going that way or in a credit packet once half are owed. Control transfer: polling, an interrupt per delivery
 * while none is outstanding, or the polling watchdog.
 *
 * <p>Counters: {@code lfc.transmitted}, {@code lfc.delivered}, {@code lfc.forwarded}, {@code lfc.credit_waits}
 * (packets that found no credit), {@code lfc.credit_packets}, {@code lfc.held_for_host} (deliveries that found the
 * ring full), {@code lfc.interrupts}, {@code lfc.buffers_high_water} (the most any sender's buffers were in use at
 * once here, summed over NICs), {@code lfc.dropped.<status>}.
 */
public final class LfcFirmware extends DispatchLoop {
    /** A packet waiting to be sent to {@code dest}, and what it means once its tail has left. */
    private record Out(int dest, byte[] body, Sent done) {
    }

    /** What a packet handed to the send DMA means when its tail has left. */
    private sealed interface Sent {
    }

    /** A copy of send slot {@code copies.index}'s packet has left: the slot is the host's once all have. */
    private record SlotCopySent(SlotCopies copies) implements Sent {
    }

    /** A credit packet has left: nothing waits for it. */
    private record CreditSent() implements Sent {
    }

    /** A copy of the packet held in {@code held}, forwarded to a child, has left. */
    private record Forwarded(ForwardingBuffers.Held held) implements Sent {
    }

    /** A send slot's packet and the copies of it still to leave (one for a unicast, one a child for a multicast). */
    private static final class SlotCopies {
        final int index;
        int left;

        SlotCopies(int index, int left) {
            this.index = index;
            this.left = left;
        }
    }

    private final LfcSettings s;
    private final FirmwareSteps c;
    private final Routes routes;
    private final int hosts;
    private final DescriptorRing<LfcWire.SlotReady> slots;
    private final CreditTable credits;
    private final ArrayDeque<Out>[] waiting;
    private final ArrayDeque<Sent> onWire = new ArrayDeque<>();
    /** Packets being copied into the host's ring, in the order the DMAs were asked for. */
    private OrderedDmas<ForwardingBuffers.Held> dmas;
    private final ArrayDeque<ForwardingBuffers.Held> forHost = new ArrayDeque<>();
    /** Polling, an interrupt per delivery, or the watchdog: the interrupts this NIC raises. */
    private final NicInterrupts interrupts;
    private ForwardingBuffers buffers;
    /** Packets into the host's ring; their buffers are freed by {@link ForwardingBuffers}, not at landing. */
    private HostReceive<ForwardingBuffers.Held> receive;
    private NicContext nic;
    private int host = -1;
    private long produced;
    private long consumed;
    private int highWater;

    @SuppressWarnings("unchecked")
    public LfcFirmware(LfcSettings settings, Routes routes) {
        super("LFC");
        this.s = settings;
        this.c = settings.firmware();
        this.routes = routes;
        this.hosts = routes.nics();
        this.slots = new DescriptorRing<>("LFC send buffers", settings.sendSlots());
        this.credits = new CreditTable(hosts, settings.nicCredits(), settings.returnThreshold());
        this.waiting = new ArrayDeque[hosts];
        for (int i = 0; i < hosts; i++) {
            waiting[i] = new ArrayDeque<>();
        }
        this.interrupts = new NicInterrupts(settings.control(), settings.watchdogPs(), new LfcWire.Interrupt(), "lfc");
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        int packet = LfcWire.HEADER_BYTES + s.packetPayload();
        ctx.sram().allocate("routing table", 8L * hosts);
        ctx.sram().allocate("send buffers", (long) s.sendSlots() * (packet + 4L * s.flagWords()));
        int recvBuffers = s.nicCredits() * Math.max(1, hosts - 1) + s.controlBuffers();
        ctx.sram().allocate("receive buffers", (long) recvBuffers * packet);
        buffers = new ForwardingBuffers("NIC " + ctx.nic(), hosts, s.nicCredits());
        dmas = new OrderedDmas<>(ctx, s.streamingDma(), null);
        receive = new HostReceive<>(ctx, c, "lfc.dropped.", null, dmas::toHost, null);
        ctx.postReceive(recvBuffers);
    }

    @Override
    protected void onSent() {
        nic.counter("lfc.transmitted").increment();
        onSent(onWire.poll());
    }

    @Override
    protected void onDmaDone(long tag) {
        onDelivered(dmas.done());
    }

    @Override
    protected boolean onTimer(Object tag) {
        if (!interrupts.owns(tag)) {
            return false;
        }
        nic.cycles(c.poll());
        interrupts.onTimer(tag);
        return true;
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof LfcWire.SlotReady r) {
            slots.post(r.slot(), r);
            while (slots.hasReady()) {
                launch();
            }
        } else if (p instanceof LfcWire.Consumed k) {
            nic.cycles(c.poll() + c.flag());
            consumed = Math.max(consumed, k.index());
            interrupts.polled(consumed);
            toHost();
        } else if (p instanceof LfcWire.Interrupts on) {
            interrupts.enable(on.on());
        } else if (p instanceof LfcWire.Init i) {
            host = thread;
            interrupts.start(nic, host, i.interrupts());
        } else {
            throw new IllegalStateException("LFC firmware: unexpected host write " + p);
        }
    }

    // ---- sending

    private void launch() {
        int index = slots.head();
        LfcWire.SlotReady r = slots.take();
        nic.cycles(c.poll() + c.descriptor());
        LfcWire.Header h = LfcWire.Header.of(r.body());
        if (h.kind() == LfcWire.MCAST) {
            int[] children = tree(h).children(nic.nic(), nic.nic());
            if (children.length == 0) {
                free(index);
                return;
            }
            SlotCopies copies = new SlotCopies(index, children.length);
            for (int child : children) {
                send(child, r.body().clone(), new SlotCopySent(copies));
            }
        } else {
            send(r.dest(), r.body(), new SlotCopySent(new SlotCopies(index, 1)));
        }
    }

    private void onSent(Sent sent) {
        if (sent instanceof SlotCopySent copy) {
            if (--copy.copies().left == 0) {
                free(copy.copies().index);
            }
        } else if (sent instanceof Forwarded f) {
            if (buffers.forwarded(f.held())) {
                freed(f.held());
            }
        }
    }

    private void free(int index) {
        nic.cycles(c.flag());
        nic.tell(host, nic.settings().lanai().cycles(1), new FreeFlag(0, index));
    }

    /** Sends a data packet to {@code dest} with a NIC credit for it, or queues it until one comes back. */
    private void send(int dest, byte[] body, Sent done) {
        Out o = new Out(dest, body, done);
        if (credits.has(dest) && waiting[dest].isEmpty()) {
            transmit(o);
        } else {
            nic.counter("lfc.credit_waits").increment();
            waiting[dest].add(o);
        }
    }

    private void transmit(Out o) {
        credits.take(o.dest());
        byte[] route = routes.to(o.dest());
        if (route == null) {
            throw new IllegalStateException("LFC: NIC " + nic.nic() + " has no route to " + o.dest());
        }
        nic.cycles(c.route() + c.header() + c.dma());
        LfcWire.Header.of(o.body()).sentBy(nic.nic(), credits.piggyback(o.dest())).put(o.body());
        nic.transmit(nic.packet(route, o.body()));
        onWire.add(o.done());
    }

    private void returnCredits(int dest, int n) {
        nic.cycles(c.route() + c.header() + c.dma());
        byte[] body = new byte[LfcWire.HEADER_BYTES];
        new LfcWire.Header(LfcWire.CREDIT, true, true, nic.nic(), nic.nic(), 0, n, 0, 0, 0).put(body);
        nic.counter("lfc.credit_packets").increment();
        nic.transmit(nic.packet(routes.to(dest), body));
        onWire.add(new CreditSent());
    }

    // ---- receiving

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        byte[] body = receive.accept(rx);
        if (body == null) {
            return;
        }
        LfcWire.Header h = LfcWire.Header.of(body);
        if (h.credits() > 0) {
            nic.cycles(c.flag());
            credits.give(h.hop(), h.credits());
            while (credits.has(h.hop()) && !waiting[h.hop()].isEmpty()) {
                transmit(waiting[h.hop()].poll());
            }
        }
        if (h.kind() == LfcWire.CREDIT) {
            nic.postReceive(1);
            return;
        }
        int[] children = h.kind() == LfcWire.MCAST ? tree(h).children(h.src(), nic.nic()) : new int[0];
        ForwardingBuffers.Held held = buffers.take(h.hop(), body, children.length, true);
        if (buffers.highWater() > highWater) {
            nic.counter("lfc.buffers_high_water").add(buffers.highWater() - highWater);
            highWater = buffers.highWater();
        }
        for (int child : children) {
            nic.counter("lfc.forwarded").increment();
            send(child, body.clone(), new Forwarded(held));
        }
        forHost.add(held);
        toHost();
    }

    /** Copies waiting packets into the host ring while it has free slots (the NI-to-host flow control). */
    private void toHost() {
        if (host < 0) {
            return;
        }
        while (!forHost.isEmpty()) {
            if (produced - consumed >= s.receiveSlots()) {
                nic.counter("lfc.held_for_host").increment();
                return;
            }
            ForwardingBuffers.Held held = forHost.poll();
            byte[] body = (byte[]) held.packet();
            int slot = (int) (produced++ % s.receiveSlots());
            receive.entry(body.length + 4 * s.flagWords(), host, new Arrival(0, slot, body), 0, held);
        }
    }

    /** Packet {@code held} is in the host's ring. */
    private void onDelivered(ForwardingBuffers.Held held) {
        nic.counter("lfc.delivered").increment();
        interrupts.delivered();
        if (buffers.delivered(held)) {
            freed(held);
        }
    }

    private void freed(ForwardingBuffers.Held held) {
        nic.postReceive(1);
        int n = credits.consumed(held.from());
        if (n > 0) {
            returnCredits(held.from(), n);
        }
    }

    private SpanningTree tree(LfcWire.Header h) {
        int[] members = new int[h.members()];
        java.util.Arrays.setAll(members, i -> h.base() + i);
        return new SpanningTree(members, s.fanout());
    }
}
