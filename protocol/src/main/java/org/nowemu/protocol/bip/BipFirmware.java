package org.nowemu.protocol.bip;

import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.staged.StagedFirmware;
import org.nowemu.protocol.parts.staged.StagedSend;
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
 * Both kinds go through the staged send path ({@link StagedSend}): a short message needs no fetch and no buffer, a
 * long one's packets are its messages, each fetched page by page into a buffer and sent as soon as it is in.
 *
 * <p>Counters: {@code bip.short_sent}, {@code bip.long_packets_sent}, {@code bip.long_sent}, {@code bip.fetches}
 * (host DMAs of long data), and those of {@link BipReceive}.
 */
public final class BipFirmware extends StagedFirmware<BipFirmware.Outgoing> {
    /** Packets leave as soon as they are in SRAM; fetches cut at host pages; route, header and DMA start one step. */
    private static final StagedSend.Options SEND = new StagedSend.Options(false, false, false, false, "bip.fetches",
            "bip.dropped.no_route", null, 0, true);

    /** A packet for the send path: a short message in send slot {@code slot}, or packet {@code k} of a long send. */
    sealed interface Outgoing {
    }

    /** A short message the host wrote into send slot {@code slot} by PIO, header and all. */
    private record ShortMessage(int slot, BipWire.ShortReady r) implements Outgoing {
    }

    /** Packet {@code k} of long send {@code o}: {@code bytes} at {@code offset} of the message. */
    private record LongPacket(Out o, int k, int offset, int bytes) implements Outgoing {
    }

    /** A long message being sent: its packets fetched and sent so far. */
    private static final class Out {
        final BipWire.LongSend d;
        final int packets;
        int fetched;
        int sent;

        Out(BipWire.LongSend d, int size) {
            this.d = d;
            this.packets = (d.bytes() + size - 1) / size;
        }
    }

    private final BipSettings s;
    private final HardwareProfile profile;
    private final PacketSizes sizes;
    private final DescriptorRing<BipWire.ShortReady> slots;
    private BipReceive receive;
    /** The long send under way, if its packets are not all fetched yet (one per process). */
    private Out pending;

    public BipFirmware(BipSettings settings, HardwareProfile profile, Routes routes) {
        super("BIP", settings.firmware(), routes);
        this.s = settings;
        this.profile = profile;
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
        long packet = profile.nic().maxPacketBytes();
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("tag queues", 16L * s.tags());
        ctx.sram().allocate("send slots", (long) s.sendSlots() * (BipWire.HEADER_BYTES + s.copyThreshold() + 4));
        ctx.sram().allocate("long send buffers", s.sramSendBuffers() * packet);
        ctx.sram().allocate("receive buffers", s.sramRecvBuffers() * packet);
        StagedSend.Options o = new StagedSend.Options(SEND.inOrder(), SEND.pioBuffered(), s.streamingDma(),
                SEND.dmaCharged(), SEND.fetched(), SEND.noRoute(), SEND.transmitted(), profile.host().pageSize(),
                SEND.oneStep());
        startSend(ctx, s.sramSendBuffers(), o);
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        receive.onPacket(rx);
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof BipWire.ShortReady r) {
            slots.post(r.slot(), r);
            while (slots.hasReady()) {
                int index = slots.head();
                send.add(new ShortMessage(index, slots.take()));
            }
            send.pump();
        } else if (p instanceof BipWire.LongSend d) {
            startLong(d);
        } else if (p instanceof BipWire.Init) {
            host = thread;
            receive = new BipReceive(s, profile, nic, dmas, host);
        } else if (receive != null) {
            receive.onHostWrite(p);
        } else {
            throw new IllegalStateException("BIP firmware: " + p + " before bip_init");
        }
    }

    private void startLong(BipWire.LongSend d) {
        if (pending != null && pending.fetched < pending.packets) {
            throw new IllegalStateException("BIP: a second long send while one is pending (one per process)");
        }
        // The descriptor's fields, then the packet size from the table built at initialization.
        nic.cycles(c.poll() + c.descriptor() + c.descriptor());
        int size = sizes.packet(d.bytes());
        pending = new Out(d, size);
        for (int k = 0; k < pending.packets; k++) {
            send.add(new LongPacket(pending, k, k * size, Math.min(size, d.bytes() - k * size)));
        }
        send.pump();
    }

    @Override
    public int fetchBytes(Outgoing m) {
        return m instanceof LongPacket l ? l.bytes() : NONE;
    }

    @Override
    public long address(Outgoing m) {
        LongPacket l = (LongPacket) m;
        return l.o().d.first() + (long) l.offset();
    }

    @Override
    public void staging(Outgoing m) {
        ((LongPacket) m).o().fetched++;
    }

    @Override
    public int dest(Outgoing m, int copy) {
        return m instanceof ShortMessage sh ? sh.r().dest() : ((LongPacket) m).o().d.dest();
    }

    /** A short message's header the host wrote: the charge is the dispatch loop's look and its reading of the slot. */
    @Override
    public int headerCycles(Outgoing m, FirmwareSteps steps) {
        return m instanceof ShortMessage ? steps.poll() + steps.descriptor() : steps.header();
    }

    /** The user's buffer is free once a long send's last bytes are in SRAM: the send is done. */
    @Override
    public void inSram(Outgoing m) {
        LongPacket l = (LongPacket) m;
        if (l.k() == l.o().packets - 1) {
            nic.cycles(c.flag() + c.dma());
            dmas.toHost(4, false, host, new BipWire.SendDone());
        }
    }

    @Override
    public byte[] frame(Outgoing m, int copy) {
        if (m instanceof ShortMessage sh) {
            return sh.r().body();
        }
        LongPacket l = (LongPacket) m;
        BipWire.LongSend d = l.o().d;
        return new BipWire.Header(BipWire.LONG, d.tag(), nic.nic(), d.bytes(), l.offset(), d.seq()).with(l.bytes());
    }

    @Override
    public void left(Outgoing m, boolean sent) {
        if (!sent) {
            throw new IllegalStateException("BIP: no route from NIC " + nic.nic() + " to " + dest(m, 0)
                    + " (routes are fixed at initialization)");
        }
        if (m instanceof ShortMessage sh) {
            nic.counter("bip.short_sent").increment();
            freeFlag(BipWire.SEND_SLOTS, sh.slot());
            return;
        }
        Out o = ((LongPacket) m).o();
        nic.counter("bip.long_packets_sent").increment();
        if (++o.sent == o.packets) {
            nic.counter("bip.long_sent").increment();
        }
        send.pump();
    }
}
