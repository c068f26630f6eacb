package org.nowemu.protocol.basic;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.ring.FreeFlag;
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
 * <p>Counters: {@code basic.fetched} (packets fetched from the host), {@code basic.transmitted},
 * {@code basic.delivered} (DMA'd into a host buffer), {@code basic.dropped.no_buffer}, {@code basic.dropped.no_route},
 * {@code basic.dropped.<status>} (CRC error, truncated, ...), {@code basic.dropped.malformed}.
 */
public final class BasicFirmware implements Firmware {
    private final BasicSettings s;
    private final FirmwareSteps c;
    private final Routes routes;
    private final DescriptorRing<BasicWire.Post> sendRing;
    private final DescriptorRing<Boolean> recvRing;
    /** What to do as each host DMA completes: the engine runs them in the order they were queued. */
    private final ArrayDeque<Runnable> afterDma = new ArrayDeque<>();
    /** Send-ring entries whose packets are queued on the send DMA, in order. */
    private final ArrayDeque<Integer> onWire = new ArrayDeque<>();
    private int sramSendFree;
    private int host = -1;
    private NicContext nic;

    /**
     * @param settings the stack
     * @param routes   the route to each NIC (null for itself or where there is none)
     */
    public BasicFirmware(BasicSettings settings, Routes routes) {
        this.s = settings;
        this.c = settings.firmware();
        this.routes = routes;
        this.sendRing = new DescriptorRing<>("send ring", settings.sendRing());
        this.recvRing = new DescriptorRing<>("receive ring", settings.recvRing());
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(BasicSettings s, int hosts) {
        long packet = s.maxPayload() + BasicWire.HEADER_BYTES;
        return 8L * hosts + 16L * s.sendRing() + 8L * s.recvRing()
                + (s.sramSendBuffers() + (long) s.sramRecvBuffers()) * packet;
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        int packet = s.maxPayload() + BasicWire.HEADER_BYTES;
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("send ring", 16L * s.sendRing());
        ctx.sram().allocate("receive ring", 8L * s.recvRing());
        ctx.sram().allocate("send buffers", (long) s.sramSendBuffers() * packet);
        ctx.sram().allocate("receive buffers", (long) s.sramRecvBuffers() * packet);
        sramSendFree = s.sramSendBuffers();
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        if (event instanceof NicEvent.HostWrite w) {
            onHostWrite(w);
        } else if (event instanceof NicEvent.PacketReceived rx) {
            onReceived(rx);
        } else if (event instanceof NicEvent.PacketSent) {
            onSent();
        } else if (event instanceof NicEvent.DmaDone) {
            afterDma.poll().run();
        } else {
            throw new IllegalStateException("basic firmware: unexpected " + event);
        }
    }

    private void onHostWrite(NicEvent.HostWrite w) {
        Object p = w.payload();
        if (p == null) {
            return; // words of a longer write still arriving: nothing to look at yet
        }
        if (p instanceof BasicWire.Post post) {
            sendRing.post(post.index(), post);
            pumpSend();
        } else if (p instanceof BasicWire.Return r) {
            recvRing.post(r.index(), Boolean.TRUE);
        } else if (p instanceof BasicWire.Init) {
            host = w.thread();
            recvRing.fill(Boolean.TRUE);
        } else {
            throw new IllegalStateException("basic firmware: unexpected host write " + p);
        }
    }

    /** Fetches ready descriptors' packets while an SRAM send buffer is free. */
    private void pumpSend() {
        while (sendRing.hasReady() && sramSendFree > 0) {
            int index = sendRing.head();
            BasicWire.Post p = sendRing.take();
            sramSendFree--;
            nic.cycles(c.poll() + c.descriptor() + c.dma());
            nic.counter("basic.fetched").increment();
            dma(DmaRequest.fromHost(p.data().length, s.streamingDma(), 0), () -> onFetched(index, p));
        }
    }

    private void onFetched(int index, BasicWire.Post p) {
        nic.cycles(c.route());
        byte[] route = routes.to(p.dest());
        if (route == null) {
            nic.counter("basic.dropped.no_route").increment();
            free(index);
            return;
        }
        nic.cycles(c.header() + c.dma());
        nic.transmit(nic.packet(route, BasicWire.encode(nic.nic(), p.seq(), p.data())));
        onWire.add(index);
    }

    private void onSent() {
        nic.counter("basic.transmitted").increment();
        free(onWire.poll());
    }

    /** The packet has left (or cannot go): its SRAM buffer and its descriptor are free. */
    private void free(int index) {
        nic.cycles(c.flag());
        sramSendFree++;
        nic.tell(host, nic.settings().lanai().cycles(1), new FreeFlag(BasicWire.SEND_RING, index));
        pumpSend();
    }

    private void onReceived(NicEvent.PacketReceived rx) {
        nic.cycles(c.poll() + c.receive());
        if (rx.status() != NicEvent.Status.OK) {
            drop("basic.dropped." + rx.status().name().toLowerCase());
            return;
        }
        byte[] body = rx.packet().body();
        if (BasicWire.decode(body) == null) {
            drop("basic.dropped.malformed");
            return;
        }
        if (host < 0 || !recvRing.hasReady()) {
            drop("basic.dropped.no_buffer");
            return;
        }
        int buffer = recvRing.head();
        recvRing.take();
        nic.cycles(c.descriptor() + c.dma());
        nic.counter("basic.delivered").increment();
        // The arrival flag sits at the end of the buffer: the same DMA writes it, last.
        dma(DmaRequest.toHost(body.length + 4, s.streamingDma(), 0, host,
                new Arrival(BasicWire.RECV_AREA, buffer, body)), () -> nic.postReceive(1));
    }

    private void drop(String why) {
        nic.counter(why).increment();
        nic.postReceive(1);
    }

    private void dma(DmaRequest r, Runnable then) {
        afterDma.add(then);
        nic.hostDma(r);
    }
}
