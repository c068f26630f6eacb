package org.nowemu.protocol.basic;

import java.util.ArrayDeque;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.dispatch.DispatchLoop;
import org.nowemu.protocol.parts.dma.OrderedDmas;
import org.nowemu.protocol.parts.reliability.NicReliability;
import org.nowemu.protocol.parts.reliability.NicReliability.Received;
import org.nowemu.protocol.parts.reliability.NicReliability.Verdict;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.staged.StagedSend;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * The basic protocol's NIC control program (survey, Figure 2). Send side: the dispatch loop finds the descriptor
 * at the head of the send ring ready, fetches the packet from the host's DMA area into an SRAM send buffer by host
 * DMA, looks up the route and starts the send DMA; when the packet's tail has left it sets the descriptor's free
 * flag. With two or more SRAM send buffers the next packet's host DMA runs while this one is on the wire. Receive
 * side: the receive DMA puts a packet into an SRAM buffer; the firmware takes the next free host buffer from the
 * receive ring and DMAs the packet there, its arrival flag last; with no free host buffer it drops the packet,
 * which keeps the link drained (no back-pressure). No reliability, no protection, polling only.
 *
 * <p>A stack may compose a reliability choice ({@link NicReliability}; none leaves the survey's program as it is):
 * a data packet goes only when the choice lets it (window, NIC credits) and carries its frame; a received packet the
 * host has no buffer for is discarded (and NACKed), or held in SRAM until a buffer comes back, its receive buffer
 * not posted again meanwhile (back-pressure, NIC credits); packets held go up first, in order. ACKs, NACKs, credits
 * and resends share the send DMA with the data, and packets given up go back to the host.
 *
 * <p>Counters: {@code basic.fetched} (packets fetched from the host), {@code basic.transmitted},
 * {@code basic.delivered} (DMA'd into a host buffer), {@code basic.dropped.no_buffer}, {@code basic.dropped.no_route},
 * {@code basic.dropped.<status>} (CRC error, truncated, ...), {@code basic.dropped.malformed}.
 */
public final class BasicFirmware extends DispatchLoop implements StagedSend.Messages<BasicFirmware.Msg> {
    /** Each packet leaves once in SRAM; a PIO'd one takes a send buffer too; a DMA start costs with its descriptor. */
    private static final StagedSend.Options SEND = new StagedSend.Options(false, true, false, true, "basic.fetched",
            "basic.dropped.no_route", "basic.transmitted");
    /** The system whose ledger ids this firmware's packets carry. */
    private final IdSystem ids;
    private final BasicSettings s;
    private final FirmwareSteps c;
    private final Routes routes;
    private final DescriptorRing<Out> sendRing;
    private final DescriptorRing<Boolean> recvRing;
    /** What each host DMA means when it completes: the engine completes them in the order they were queued. */
    private OrderedDmas<AfterDma> dmas;
    /** Send-ring entries taken, fetched into SRAM send buffers and sent; received packets into host buffers. */
    private StagedSend<Msg> send;
    private HostReceive<Delivered> receive;
    /**
     * A send descriptor as the firmware reads it: one destination (the survey's), several (PM's multisend), or a
     * packet whose bytes the host wrote into SRAM itself (Hamlyn's small sends: no fetch).
     */
    private record Out(int[] dests, int[] seqs, byte[] data, boolean pio) {
        static Out of(BasicWire.Post p) {
            return new Out(new int[] {p.dest()}, new int[] {p.seq()}, p.data(), false);
        }
    }

    /** What a host DMA means when it completes. */
    private sealed interface AfterDma {
    }

    /** A message's packet is in SRAM. */
    private record PacketFetched(StagedSend.Slot<Msg> slot) implements AfterDma {
    }

    /** Descriptor {@code index}'s packet ({@code frames}: each destination's, null to encode at send). */
    static final class Msg {
        final int index;
        final Out p;
        byte[][] frames;

        Msg(int index, Out p) {
            this.index = index;
            this.p = p;
        }
    }

    /** A packet from {@code src} is in a host buffer: its SRAM buffer is free, and the reliability part hears. */
    private record Delivered(int src) implements AfterDma {
    }

    /** Credits returned to the host: the packet that carried them frees its SRAM buffer. */
    private record CreditsUp() implements AfterDma {
    }

    /** A write nothing waits for (the data of an area write, a given-up notice). */
    private record NothingWaits() implements AfterDma {
    }

    /** Received packets held in SRAM for want of a host buffer, in order (back-pressure, NIC credits). */
    private final ArrayDeque<Received> held = new ArrayDeque<>();
    private int host = -1;
    private NicContext nic;
    /** The reliability choice's parts; null for none, the survey's program unchanged. */
    private NicReliability rel;
    private int hosts;

    /**
     * @param settings the stack
     * @param routes   the route to each NIC (null for itself or where there is none)
     */
    public BasicFirmware(BasicSettings settings, Routes routes) {
        this(settings, routes, IdSystem.BASIC);
    }

    /** @param ids the system whose ledger ids the packets carry (PM and Hamlyn run on this firmware too) */
    public BasicFirmware(BasicSettings settings, Routes routes, IdSystem ids) {
        super("basic");
        this.ids = ids;
        this.s = settings;
        this.c = settings.firmware();
        this.routes = routes;
        this.sendRing = new DescriptorRing<>("send ring", settings.sendRing());
        this.recvRing = new DescriptorRing<>("receive ring", settings.recvRing());
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(BasicSettings s, int hosts) {
        long packet = s.maxPayload() + BasicWire.HEADER_BYTES + frame(s);
        return 8L * hosts + 16L * s.sendRing() + 8L * s.recvRing()
                + (s.sramSendBuffers() + (long) recvBuffers(s, hosts)) * packet
                + NicReliability.sramBytes(s.reliability(), s.rel(), hosts, (int) packet);
    }

    private static int frame(BasicSettings s) {
        return s.reliability() == Reliability.NONE || s.reliability() == Reliability.BACKPRESSURE ? 0
                : org.nowemu.protocol.parts.reliability.RelFrame.HEADER_BYTES;
    }

    private static int recvBuffers(BasicSettings s, int hosts) {
        return NicReliability.receiveBuffers(s.reliability(), s.rel(), hosts, s.sramRecvBuffers());
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        hosts = routes.nics();
        int packet = s.maxPayload() + BasicWire.HEADER_BYTES + frame(s);
        int recvBuffers = recvBuffers(s, hosts);
        if (s.reliability() != Reliability.NONE) {
            rel = new NicReliability(s.reliability(), s.rel(), ctx, hosts, new Link());
            ctx.sram().allocate("reliability", NicReliability.sramBytes(s.reliability(), s.rel(), hosts, packet));
        }
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("send ring", 16L * s.sendRing());
        ctx.sram().allocate("receive ring", 8L * s.recvRing());
        ctx.sram().allocate("send buffers", (long) s.sramSendBuffers() * packet);
        ctx.sram().allocate("receive buffers", (long) recvBuffers * packet);
        dmas = new OrderedDmas<>(ctx, s.streamingDma(), new NothingWaits());
        send = new StagedSend<>(ctx, c, routes, s.sramSendBuffers(), SEND.streaming(s.streamingDma()), this,
                new Fetches());
        receive = new HostReceive<>(ctx, c, "basic.dropped.", null, dmas::toHost, null);
        ctx.postReceive(recvBuffers);
    }

    @Override
    protected void onSent() {
        send.sent();
    }

    @Override
    protected boolean onTimer(Object tag) {
        if (rel != null && rel.owns(tag)) {
            rel.onTimer(tag);
            return true;
        }
        return false;
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof BasicWire.Post post) {
            sendRing.post(post.index(), Out.of(post));
            pumpSend();
        } else if (p instanceof BasicWire.MultiPost m) {
            sendRing.post(m.index(), new Out(m.dests(), m.seqs(), m.data(), false));
            pumpSend();
        } else if (p instanceof BasicWire.PioPost pio) {
            sendRing.post(pio.index(), new Out(new int[] {pio.dest()}, new int[] {pio.seq()}, pio.data(), true));
            pumpSend();
        } else if (p instanceof BasicWire.Return r) {
            recvRing.post(r.index(), Boolean.TRUE);
            while (!held.isEmpty() && recvRing.hasReady()) {
                Received h = held.poll();
                deliver(h.src(), h.body());
            }
        } else if (p instanceof BasicWire.Credits cr) {
            nic.cycles(c.poll() + c.descriptor());
            rel.hostCredits(cr.dest(), cr.n());
        } else if (p instanceof BasicWire.Init) {
            host = thread;
            recvRing.fill(Boolean.TRUE);
        } else {
            throw new IllegalStateException("basic firmware: unexpected host write " + p);
        }
    }

    /** Takes ready descriptors while an SRAM send buffer is free (and the reliability choice lets). */
    private void pumpSend() {
        while (sendRing.hasReady() && send.buffersFree() > 0 && maySend(sendRing.peek())) {
            int index = sendRing.head();
            Out p = sendRing.take();
            nic.cycles(c.poll() + c.descriptor() + (p.pio() ? 0 : c.dma()));
            send.add(new Msg(index, p));
            send.pump();
        }
    }

    private boolean maySend(Out p) {
        if (rel == null) {
            return true;
        }
        for (int d : p.dests()) {
            if (routes.to(d) != null && !rel.maySend(d)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int fetchBytes(Msg m) {
        return m.p.pio() ? NONE : m.p.data().length;
    }

    @Override
    public int copies(Msg m) {
        return m.p.dests().length;
    }

    @Override
    public int dest(Msg m, int copy) {
        return m.p.dests()[copy];
    }

    /** Numbered, kept or paid for as it is fetched, so the next descriptor's check sees this one counted. */
    @Override
    public void staging(Msg m) {
        Out p = m.p;
        m.frames = new byte[p.dests().length][];
        for (int i = 0; i < m.frames.length; i++) {
            int d = p.dests()[i];
            m.frames[i] = rel == null || routes.to(d) == null ? null
                    : rel.data(d, BasicWire.encode(nic.nic(), p.seqs()[i], p.data()), p.seqs()[i]);
        }
    }

    @Override
    public byte[] frame(Msg m, int copy) {
        return m.frames[copy] != null ? m.frames[copy] : BasicWire.encode(nic.nic(), m.p.seqs()[copy], m.p.data());
    }

    /** The packet has left (or cannot go): its descriptor is free. */
    @Override
    public void left(Msg m, boolean sent) {
        nic.cycles(c.flag());
        nic.tell(host, nic.settings().lanai().cycles(1), new FreeFlag(BasicWire.SEND_RING, m.index));
        pumpSend();
    }

    /** Fetches through the firmware's one queue of host DMAs, completed in order. */
    private final class Fetches implements StagedSend.Dma<Msg> {
        @Override
        public void fromHost(int bytes, StagedSend.Slot<Msg> slot) {
            dmas.fromHost(bytes, new PacketFetched(slot));
        }
    }

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        byte[] body = receive.accept(rx);
        if (body == null) {
            return;
        }
        Received r = rel == null ? null : rel.receive(body);
        if (rel != null && r != null && !r.data()) {
            if (r.hostCredits() > 0 && host >= 0) {
                dmas.toHost(4, host, new BasicWire.CreditsBack(r.src(), r.hostCredits()), new CreditsUp());
            } else {
                nic.postReceive(1);
            }
            return;
        }
        if (rel != null && r != null) {
            body = r.body();
        }
        if ((rel != null && r == null) || BasicWire.decode(body) == null) {
            receive.drop("malformed");
            return;
        }
        boolean room = host >= 0 && recvRing.hasReady() && held.isEmpty();
        Verdict v = rel == null ? (room ? Verdict.TAKE : Verdict.DISCARD) : rel.admit(r, room);
        if (v == Verdict.DISCARD) {
            receive.drop(room ? "answered" : "no_buffer");
        } else if (v == Verdict.HOLD) {
            held.add(new Received(true, BasicWire.decode(body).src(), r.seq(), r.stamp(), body, 0));
        } else {
            deliver(BasicWire.decode(body).src(), body);
        }
    }

    /** DMAs packet {@code body} from {@code src} into the next free host buffer; its SRAM buffer is free after. */
    private void deliver(int src, byte[] body) {
        long share = s.variant().areaShare();
        BasicWire.Header h = share > 0 ? BasicWire.decode(body) : null;
        int offset = h == null || h.payload().length < 4 ? -1 : java.nio.ByteBuffer.wrap(h.payload()).getInt();
        if (share > 0) {
            // Sender-based memory: the offset is the sender's; the NIC checks it lies in that sender's share.
            nic.cycles(c.descriptor());
            if (offset < 0 || offset + (long) h.payload().length - 4 > share) {
                receive.drop("bad_offset");
                if (rel != null) {
                    rel.freed(src);
                }
                return;
            }
        }
        int buffer = recvRing.head();
        recvRing.take();
        nic.counter("basic.delivered").increment();
        long with = c.descriptor();
        if (share > 0) {
            // The data at its offset of the message area, then the notification entry (16 bytes) in the queue.
            receive.data(h.payload().length - 4, host, new BasicWire.AreaWrite(h.src(), offset,
                    h.payload().length - 4), with);
            with = 0;
        }
        // The arrival flag sits at the end of the buffer (or entry): the same DMA writes it, last.
        receive.entry(share > 0 ? 16 : body.length + 4, host, new Arrival(BasicWire.RECV_AREA, buffer, body), with,
                new Delivered(src));
    }

    /** The ledger ids of the packets the reliability part still keeps for resending, for the ledger. */
    @Override
    public long[] holding() {
        if (rel == null || nic == null) {
            return new long[0];
        }
        java.util.TreeSet<Long> kept = new java.util.TreeSet<>();
        rel.forEachKept((dest, seq) -> kept.add(org.nowemu.protocol.parts.ledger.MessageIds.of(
                ids, nic.nic(), dest, (Integer) seq)));
        return kept.stream().mapToLong(Long::longValue).toArray();
    }

    /** What the reliability parts ask of this program. */
    private final class Link implements NicReliability.Link {
        @Override
        public void transmit(int dest, byte[] frame) {
            send.control(dest, frame);
        }

        @Override
        public void mayGo() {
            pumpSend();
        }

        @Override
        public void gaveUp(int dest, Object token) {
            if (host >= 0) {
                dmas.toHost(8, host, new BasicWire.GivenUp(dest, (Integer) token), null);
            }
        }
    }

    /** The oldest host DMA is done (the engine completes them in order): what it meant. */
    @Override
    protected void onDmaDone(long tag) {
        AfterDma done = dmas.done();
        if (done instanceof PacketFetched f) {
            send.fetched(f.slot());
        } else if (done instanceof Delivered d) {
            receive.landed(d); // its SRAM buffer back, then the reliability part hears
            if (rel != null) {
                rel.freed(d.src());
            }
        } else if (done instanceof CreditsUp) {
            nic.postReceive(1);
        }
    }
}
