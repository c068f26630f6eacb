package org.nowemu.protocol.bip;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * BIP's NIC control program, send side (systems §5.4, §5.5); the receive side is {@link BipReceive}. A short
 * message: the host wrote header and data into an SRAM send slot by PIO and set its ready flag; the dispatch loop
 * looks up the route and starts the send DMA from the slot, and frees the slot once the tail has left. A long
 * message: the host wrote a descriptor (destination, tag, length, the user buffer's physical pages); the firmware
 * takes the packet size for that length from its table ({@link PacketSizes}) and moves the message packet by packet,
 * each fetched from the user's pages by host DMA (one transfer per page the packet covers) into one of its SRAM
 * buffers, then sent; with two buffers the next packet's fetch runs while this one is on the wire, and the
 * receiving NIC's receive DMA and host DMA run at the same time: the four DMAs of the BIP paper. After the last
 * packet is in SRAM (the user's buffer may be reused), a DMA writes the send's completion word into host memory.
 *
 * <p>Counters: {@code bip.short_sent}, {@code bip.long_packets_sent}, {@code bip.long_sent}, {@code bip.fetches}
 * (host DMAs of long data), and those of {@link BipReceive}.
 */
public final class BipFirmware implements Firmware, HostDmas.Client<BipFirmware.Fetched> {
    /** A long message being sent. */
    /** What a packet handed to the send DMA means when its tail has left. */
    sealed interface Sent {
    }

    /** A short message has left from send slot {@code slot}: the slot is the host's again. */
    private record ShortSent(int slot) implements Sent {
    }

    /** A packet of long send {@code o} has left: its SRAM buffer is free. */
    private record LongPacketSent(Out o) implements Sent {
    }

    /** What a host DMA of a long send's data means when it is done. */
    sealed interface Fetched {
    }

    /** Packet {@code k} of long send {@code o} ({@code bytes} at {@code offset}) is wholly in SRAM. */
    private record PacketFetched(Out o, int k, int offset, int bytes) implements Fetched {
    }

    /** A piece of a packet, not its last, is in: nothing to do until the last is. */
    private record PieceFetched() implements Fetched {
    }

    private static final class Out {
        final BipWire.LongSend d;
        final int size;
        final int packets;
        int fetched;
        int sent;

        Out(BipWire.LongSend d, int size) {
            this.d = d;
            this.size = size;
            this.packets = (d.bytes() + size - 1) / size;
        }
    }

    private final BipSettings s;
    private final FirmwareSteps c;
    private final HardwareProfile profile;
    private final Routes routes;
    private final PacketSizes sizes;
    private final DescriptorRing<BipWire.ShortReady> slots;
    /** What each packet handed to the send DMA means when its tail has left, in order. */
    private final ArrayDeque<Sent> onWire = new ArrayDeque<>();
    private NicContext nic;
    private HostDmas dmas;
    private BipReceive receive;
    /** Long sends not yet wholly on the wire, in order (at most two: the process's one pending, and the last one's
     * tail, since a send is done once its data is in SRAM). */
    private final ArrayDeque<Out> longs = new ArrayDeque<>();
    private int buffersFree;
    private int host = -1;

    public BipFirmware(BipSettings settings, HardwareProfile profile, Routes routes) {
        this.s = settings;
        this.c = settings.firmware();
        this.profile = profile;
        this.routes = routes;
        this.sizes = new PacketSizes(settings, profile);
        this.slots = new DescriptorRing<>("send slots", settings.sendSlots());
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(BipSettings s, HardwareProfile p, int hosts) {
        long packet = p.nic().maxPacketBytes();
        return 8L * hosts + 16L * s.tags() + (long) s.sendSlots() * (BipWire.HEADER_BYTES + s.copyThreshold() + 4)
                + (s.sramSendBuffers() + (long) s.sramRecvBuffers()) * packet;
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        dmas = new HostDmas(ctx);
        long packet = profile.nic().maxPacketBytes();
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("tag queues", 16L * s.tags());
        ctx.sram().allocate("send slots", (long) s.sendSlots() * (BipWire.HEADER_BYTES + s.copyThreshold() + 4));
        ctx.sram().allocate("long send buffers", s.sramSendBuffers() * packet);
        ctx.sram().allocate("receive buffers", s.sramRecvBuffers() * packet);
        buffersFree = s.sramSendBuffers();
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        if (event instanceof NicEvent.HostWrite w) {
            onHostWrite(w);
        } else if (event instanceof NicEvent.PacketReceived rx) {
            receive.onPacket(rx);
        } else if (event instanceof NicEvent.PacketSent) {
            onSent(onWire.poll());
        } else if (event instanceof NicEvent.DmaDone d) {
            dmas.done(d.tag());
        } else {
            throw new IllegalStateException("BIP firmware: unexpected " + event);
        }
    }

    private void onHostWrite(NicEvent.HostWrite w) {
        Object p = w.payload();
        if (p == null) {
            return; // words of a slot or descriptor still arriving
        }
        if (p instanceof BipWire.ShortReady r) {
            slots.post(r.slot(), r);
            while (slots.hasReady()) {
                sendShort();
            }
        } else if (p instanceof BipWire.LongSend d) {
            startLong(d);
        } else if (p instanceof BipWire.Init) {
            host = w.thread();
            receive = new BipReceive(s, profile, nic, dmas, host);
        } else if (receive != null) {
            receive.onHostWrite(p);
        } else {
            throw new IllegalStateException("BIP firmware: " + p + " before bip_init");
        }
    }

    private void sendShort() {
        int index = slots.head();
        BipWire.ShortReady r = slots.take();
        nic.cycles(c.poll() + c.descriptor() + c.route() + c.dma());
        nic.transmit(nic.packet(route(r.dest()), r.body()));
        onWire.add(new ShortSent(index));
    }

    private void onSent(Sent sent) {
        if (sent instanceof LongPacketSent l) {
            onLongPacketSent(l.o());
        } else if (sent instanceof ShortSent sh) {
            nic.counter("bip.short_sent").increment();
            nic.cycles(c.flag());
            nic.tell(host, profile.nic().lanai().cycles(1), new FreeFlag(BipWire.SEND_SLOTS, sh.slot()));
        }
    }

    @Override
    public void dmaDone(Fetched done) {
        if (done instanceof PacketFetched f) {
            onFetched(f.o(), f.k(), f.offset(), f.bytes());
        }
    }

    private void startLong(BipWire.LongSend d) {
        for (Out o : longs) {
            if (o.fetched < o.packets) {
                throw new IllegalStateException("BIP: a second long send while one is pending (one per process)");
            }
        }
        // The descriptor's fields, then the packet size from the table built at initialization.
        nic.cycles(c.poll() + c.descriptor() + c.descriptor());
        longs.add(new Out(d, sizes.packet(d.bytes())));
        pumpLong();
    }

    /** Fetches the next packets of the long send while an SRAM buffer is free. */
    private void pumpLong() {
        Out out = longs.peekLast();
        while (out != null && buffersFree > 0 && out.fetched < out.packets) {
            buffersFree--;
            int k = out.fetched++;
            int offset = k * out.size;
            int bytes = Math.min(out.size, out.d.bytes() - offset);
            long page = profile.host().pageSize();
            long at = out.d.first() + (long) offset;
            int left = bytes;
            while (left > 0) {
                int piece = (int) Math.min(left, page - at % page);
                nic.cycles(c.dma());
                nic.counter("bip.fetches").increment();
                left -= piece;
                at += piece;
                dmas.fromHost(piece, s.streamingDma(), this, left == 0 ? new PacketFetched(out, k, offset, bytes)
                        : new PieceFetched());
            }
        }
    }

    private void onFetched(Out o, int k, int offset, int bytes) {
        if (k == o.packets - 1) {
            // The user's buffer is free once its last bytes are in SRAM: the send is done.
            nic.cycles(c.flag() + c.dma());
            dmas.toHost(4, false, host, new BipWire.SendDone());
        }
        nic.cycles(c.route() + c.header() + c.dma());
        byte[] body = new BipWire.Header(BipWire.LONG, o.d.tag(), nic.nic(), o.d.bytes(), offset, o.d.seq())
                .with(bytes);
        nic.transmit(nic.packet(route(o.d.dest()), body));
        onWire.add(new LongPacketSent(o));
    }

    private void onLongPacketSent(Out o) {
        nic.counter("bip.long_packets_sent").increment();
        buffersFree++;
        o.sent++;
        if (o.sent == o.packets) {
            nic.counter("bip.long_sent").increment();
            longs.remove(o);
        }
        pumpLong();
    }

    private byte[] route(int dest) {
        byte[] r = routes.to(dest);
        if (r == null) {
            throw new IllegalStateException("BIP: no route from NIC " + nic.nic() + " to " + dest
                    + " (routes are fixed at initialization)");
        }
        return r;
    }
}
