package org.nowemu.protocol.trapeze;

import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.notification.ControlTransfer;
import org.nowemu.protocol.parts.notification.InterruptsOn;
import org.nowemu.protocol.parts.notification.NicInterrupt;
import org.nowemu.protocol.parts.notification.NicInterrupts;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.staged.StagedFirmware;
import org.nowemu.protocol.parts.staged.StagedSend;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * Trapeze's NIC control program (systems §12.5). Send: the dispatch loop finds the send-ring entry at its
 * head owned by the NIC; a control message alone goes straight from the entry in SRAM; one with a payload first has
 * the payload's page frame DMA'd from host memory into an SRAM buffer, then control message and payload leave as
 * one packet. Entries leave in ring order; when a packet's tail has left its entry goes back to the host. Receive:
 * the receive DMA puts the packet into an SRAM buffer; if the receive ring's next entry is the NIC's (its frame
 * attached), the payload is DMA'd into that frame, then the control message into the host's image of the entry,
 * its full flag last, and the host interrupted if it asked to be; with no free entry the packet is dropped and
 * counted (the survey: unreliable; no back-pressure, the link keeps draining).
 *
 * <p>The receive ring's image in host memory, written by DMA, is this emulation's choice [E] among the two the
 * specification allows: reading a 128-byte control message from SRAM by PIO would take 32 reads of P12's 500 ns.
 *
 * <p>Counters: {@code trapeze.transmitted}, {@code trapeze.payloads_fetched}, {@code trapeze.delivered},
 * {@code trapeze.interrupts}, {@code trapeze.dropped.no_ring_entry}, {@code trapeze.dropped.no_route},
 * {@code trapeze.dropped.<status>}, {@code trapeze.dropped.malformed}.
 */
public final class TrapezeFirmware extends StagedFirmware<TrapezeFirmware.Outgoing> {
    private static final StagedSend.Options SEND = new StagedSend.Options(true, false, false, false,
            "trapeze.payloads_fetched", "trapeze.dropped.no_route", "trapeze.transmitted");

    private final TrapezeSettings s;
    private final DescriptorRing<TrapezeWire.Post> sendRing;
    private final DescriptorRing<Boolean> recvRing;
    /** Entries taken from the send ring, each sent in ring order once its payload (if any) is in SRAM. */
    /** Received messages into the host's receive ring, the payload into the entry's page frame first. */
    private HostReceive<Delivered> receive;
    /** An interrupt per delivery while enabled and none outstanding: told to the host when the entry has landed. */
    private final NicInterrupts interrupts = new NicInterrupts(ControlTransfer.INTERRUPTS, 1, new NicInterrupt(),
            "trapeze");
    private long returned;

    /** A received message's control part has landed in the host's ring: its receive buffer is free again. */
    record Delivered() {
    }

    /** Send-ring entry {@code index} and what the host posted in it. */
    record Outgoing(int index, TrapezeWire.Post post) {
    }

    /**
     * @param settings the stack
     * @param routes   the route to each NIC (null for itself or where there is none)
     */
    public TrapezeFirmware(TrapezeSettings settings, Routes routes) {
        super("trapeze", settings.firmware(), routes);
        this.s = settings;
        this.sendRing = new DescriptorRing<>("send ring", settings.sendRing());
        this.recvRing = new DescriptorRing<>("receive ring", settings.recvRing());
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(TrapezeSettings s, int hosts) {
        long entry = s.maxControl() + 16L;
        long packet = TrapezeWire.HEADER_BYTES + s.maxControl() + s.maxPayload();
        return 8L * hosts + entry * (s.sendRing() + (long) s.recvRing()) + (long) s.sramSendBuffers() * s.maxPayload()
                + (long) s.sramRecvBuffers() * packet;
    }

    @Override
    public void start(NicContext ctx) {
        long entry = s.maxControl() + 16L;
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("send ring", entry * s.sendRing());
        ctx.sram().allocate("receive ring", entry * s.recvRing());
        ctx.sram().allocate("payload buffers", (long) s.sramSendBuffers() * s.maxPayload());
        ctx.sram().allocate("receive buffers",
                (long) s.sramRecvBuffers() * (TrapezeWire.HEADER_BYTES + s.maxControl() + s.maxPayload()));
        startSend(ctx, s.sramSendBuffers(), SEND.streaming(s.streamingDma()));
        receive = new HostReceive<>(ctx, c, "trapeze.dropped.", interrupts, dmas, s.streamingDma(), null);
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof TrapezeWire.Post post) {
            sendRing.post(post.index(), post);
            pumpSend();
        } else if (p instanceof TrapezeWire.Return r) {
            recvRing.post(r.index(), Boolean.TRUE);
            interrupts.polled(++returned);
        } else if (p instanceof InterruptsOn on) {
            interrupts.enable(on.on());
        } else if (p instanceof TrapezeWire.Init) {
            host = thread;
            recvRing.fill(Boolean.TRUE);
            interrupts.start(nic, host, s.interrupts());
        } else {
            throw new IllegalStateException("trapeze firmware: unexpected host write " + p);
        }
    }

    /** Takes owned send-ring entries in order into the send path, which fetches payloads and sends in ring order. */
    private void pumpSend() {
        while (sendRing.hasReady()) {
            int index = sendRing.head();
            TrapezeWire.Post p = sendRing.take();
            nic.cycles(c.poll() + c.descriptor());
            send.add(new Outgoing(index, p));
        }
        send.pump();
    }

    @Override
    public int fetchBytes(Outgoing o) {
        return o.post().payload() == 0 ? NONE : o.post().payload();
    }

    @Override
    public int dest(Outgoing o, int copy) {
        return o.post().dest();
    }

    @Override
    public byte[] frame(Outgoing o, int copy) {
        TrapezeWire.Post p = o.post();
        return TrapezeWire.encode(nic.nic(), p.seq(), p.control(), p.payload());
    }

    /** The entry's message has left (or cannot go): the entry is the host's again. */
    @Override
    public void left(Outgoing o, boolean sent) {
        freeFlag(TrapezeWire.SEND_RING, o.index());
        pumpSend();
    }

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        TrapezeWire.Message m = receive.accept(rx, TrapezeWire::decode);
        if (m == null) {
            return;
        }
        byte[] body = rx.packet().body();
        if (host < 0 || !recvRing.hasReady()) {
            receive.drop("no_ring_entry");
            return;
        }
        int entry = recvRing.head();
        recvRing.take();
        nic.cycles(c.descriptor());
        nic.counter("trapeze.delivered").increment();
        if (m.payload() > 0) {
            // The payload into the entry's page frame first: the control message is delivered after it.
            receive.data(m.payload(), -1, null, 0);
        }
        int control = TrapezeWire.HEADER_BYTES + m.control().length + 4; // full flag last
        receive.entry(control, host, new Arrival(TrapezeWire.RECV_RING, entry, body), 0, new Delivered());
    }
}
