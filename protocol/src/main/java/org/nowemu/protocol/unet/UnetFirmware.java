package org.nowemu.protocol.unet;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.notification.ControlTransfer;
import org.nowemu.protocol.parts.notification.InterruptsOn;
import org.nowemu.protocol.parts.notification.NicInterrupt;
import org.nowemu.protocol.parts.notification.NicInterrupts;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.staged.StagedFirmware;
import org.nowemu.protocol.parts.staged.StagedSend;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.translation.AddressTranslation;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.EntryInstalled;
import org.nowemu.protocol.parts.translation.TlbMisses;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * U-Net's NIC (systems §13.5), serving one endpoint per host. Send: the dispatch loop takes the send queue's
 * descriptors in order; a descriptor naming a channel the kernel did not install for the endpoint, or data beyond
 * its segment, is refused (protection); data carried in the descriptor goes at once; other data is DMA'd from the
 * segment into an SRAM buffer, or, on U-Net/MM, from any user page, translated through the NIC's TLB first (a miss
 * interrupts the host and waits, idle, while its kernel pins the page and installs the entry by PIO:
 * {@link TlbMisses}); then the packet leaves with the channel's tag and the descriptor goes back to the host.
 * Receive: the tag names the endpoint; data carried in the descriptor goes into the next receive-queue entry by
 * DMA; other data takes the free queue's next buffer, is DMA'd into it, and its descriptor follows; with no free
 * buffer, or a full receive queue, the packet is dropped and counted (no flow control: U-Net is unreliable).
 *
 * <p>Counters: {@code unet.transmitted}, {@code unet.fetched}, {@code unet.delivered}, {@code unet.delivered_inline},
 * {@code unet.dropped.no_free_buffer}, {@code unet.dropped.queue_full}, {@code unet.dropped.no_endpoint},
 * {@code unet.dropped.<status>}, {@code unet.dropped.malformed}, {@code unet.refused.no_channel},
 * {@code unet.refused.bounds}, {@code unet.tlb.misses}, {@code unet.tlb.interrupts}.
 */
public final class UnetFirmware extends StagedFirmware<UnetFirmware.Outgoing> {
    private static final StagedSend.Options SEND = new StagedSend.Options(true, false, false, false, "unet.fetched",
            "unet.dropped.no_route", "unet.transmitted");

    private final UnetSettings s;
    private final int[] channelDest;
    private final DescriptorRing<UnetWire.Send> sendQueue;
    private final ArrayDeque<Integer> freeQueue = new ArrayDeque<>();
    private final AddressTranslation tlb;
    /** The NIC's side of a miss: the interrupt to the host, then waiting for the kernel's install. */
    private final TlbMisses misses = new TlbMisses("unet");
    private int recvNext;
    private int recvFree;
    /** Accepted descriptors, each sent in queue order once its data (if not inline) is in SRAM. */
    /** Received packets into the endpoint's free buffers and receive queue. */
    private HostReceive<Delivered> receive;
    private Outgoing translating;
    /** An upcall per delivery while enabled and none outstanding: told to the host when the entry has landed. */
    private final NicInterrupts interrupts = new NicInterrupts(ControlTransfer.INTERRUPTS, 1, new NicInterrupt(),
            "unet");
    private long consumed;

    /** A receive descriptor has landed in the host's queue: its SRAM buffer goes back to the receive DMA. */
    record Delivered() {
    }

    /** Send-queue entry {@code index}, its descriptor and the channel's destination; translated once its TLB is. */
    static final class Outgoing {
        final int index;
        final UnetWire.Send send;
        final int dest;
        boolean translated;

        Outgoing(int index, UnetWire.Send send, int dest) {
            this.index = index;
            this.send = send;
            this.dest = dest;
        }

        boolean needsData() {
            return !send.inline();
        }
    }

    public UnetFirmware(UnetSettings settings, Routes routes) {
        super("unet", settings.firmware(), routes);
        HardwareProfile profile = settings.profile();
        this.s = settings;
        this.channelDest = new int[settings.channels()];
        Arrays.fill(channelDest, -1);
        this.sendQueue = new DescriptorRing<>("send queue", settings.sendQueue());
        this.tlb = settings.tlb() ? new AddressTranslation(TranslationChoice.NIC_TLB, settings.translation(),
                profile.host().pageSize()) : null;
        this.recvFree = settings.recvQueue();
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(UnetSettings s, int hosts) {
        long packet = UnetWire.HEADER_BYTES + s.bufferSize();
        return 8L * hosts + 4L * s.channels() + (16L + s.inlineBytes()) * s.sendQueue() + 8L * s.freeQueue()
                + (s.sramSendBuffers() + (long) s.sramRecvBuffers()) * packet
                + (s.tlb() ? 8L * s.translation().nicTlbEntries() : 0);
    }

    @Override
    public void start(NicContext ctx) {
        long packet = UnetWire.HEADER_BYTES + s.bufferSize();
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("channel table", 4L * s.channels());
        ctx.sram().allocate("send queue", (16L + s.inlineBytes()) * s.sendQueue());
        ctx.sram().allocate("free queue", 8L * s.freeQueue());
        ctx.sram().allocate("packet buffers", (s.sramSendBuffers() + (long) s.sramRecvBuffers()) * packet);
        if (tlb != null) {
            ctx.sram().allocate("TLB", 8L * s.translation().nicTlbEntries());
        }
        startSend(ctx, s.sramSendBuffers(), SEND.streaming(s.streamingDma()));
        receive = new HostReceive<>(ctx, c, "unet.dropped.", interrupts, dmas, s.streamingDma(), null);
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof UnetWire.Send send) {
            sendQueue.post(send.index(), send);
            pumpSend();
        } else if (p instanceof UnetWire.Consumed k) {
            recvFree++;
            if (k.buffer() >= 0) {
                freeQueue.add(k.buffer());
            }
            interrupts.polled(++consumed);
        } else if (p instanceof EntryInstalled) {
            if (misses.installed(nic, host)) {
                translating.translated = true;
                translating = null;
                pumpSend();
            }
        } else if (p instanceof InterruptsOn on) {
            interrupts.enable(on.on());
        } else if (p instanceof UnetWire.Channel ch) {
            channelDest[ch.channel()] = ch.dest();
        } else if (p instanceof UnetWire.Init) {
            host = thread;
            for (int b = 0; b < s.freeQueue(); b++) {
                freeQueue.add(b);
            }
            interrupts.start(nic, host, s.interrupts());
        } else {
            throw new IllegalStateException("unet firmware: unexpected host write " + p);
        }
    }

    private void pumpSend() {
        while (sendQueue.hasReady()) {
            int index = sendQueue.head();
            UnetWire.Send d = sendQueue.take();
            nic.cycles(c.poll() + c.descriptor());
            int dest = d.channel() < channelDest.length ? channelDest[d.channel()] : -1;
            if (dest < 0) {
                nic.counter("unet.refused.no_channel").increment();
                free(index);
            } else if (!d.inline() && !s.tlb() && (d.offset() < 0 || d.offset() + d.length() > s.segment())) {
                nic.counter("unet.refused.bounds").increment();
                free(index);
            } else {
                send.add(new Outgoing(index, d, dest));
            }
        }
        send.pump();
    }

    @Override
    public int fetchBytes(Outgoing o) {
        return o.needsData() ? o.send.length() : NONE;
    }

    @Override
    public int dest(Outgoing o, int copy) {
        return o.dest;
    }

    @Override
    public boolean translated(Outgoing o) {
        return o.translated || translate(o);
    }

    @Override
    public byte[] frame(Outgoing o, int copy) {
        UnetWire.Send d = o.send;
        return UnetWire.encode(nic.nic(), 0, d.inline(), d.seq(), d.data());
    }

    /** The message has left (or cannot go): its descriptor is the host's again. */
    @Override
    public void left(Outgoing o, boolean sent) {
        free(o.index);
    }

    /** Whether {@code o}'s pages are translated; a TLB miss interrupts the host and answers false until installed. */
    private boolean translate(Outgoing o) {
        if (translating != null) {
            return false;
        }
        if (tlb == null) {
            o.translated = true;
            return true;
        }
        var t = tlb.translate(o.send.offset(), o.send.length());
        nic.counter("unet.tlb.misses").add(t.misses());
        if (misses.run(nic, host, t.nic())) {
            o.translated = true;
            return true;
        }
        translating = o;
        return false;
    }

    private void free(int index) {
        freeFlag(UnetWire.SEND_QUEUE, index);
        pumpSend();
    }

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        UnetWire.Header h = receive.accept(rx, UnetWire::decode);
        if (h == null) {
            return;
        }
        byte[] body = rx.packet().body();
        if (host < 0 || h.tag() != 0) {
            receive.drop("no_endpoint");
            return;
        }
        if (recvFree == 0) {
            receive.drop("queue_full");
            return;
        }
        int buffer = -1;
        if (!h.inline()) {
            if (freeQueue.isEmpty()) {
                receive.drop("no_free_buffer");
                return;
            }
            buffer = freeQueue.poll();
            receive.data(h.length(), -1, null, c.descriptor());
            nic.counter("unet.delivered").increment();
        } else {
            nic.counter("unet.delivered_inline").increment();
        }
        int slot = recvNext;
        recvNext = (recvNext + 1) % s.recvQueue();
        recvFree--;
        byte[] descriptor = UnetWire.descriptor(buffer, body);
        int bytes = 4 + UnetWire.HEADER_BYTES + (h.inline() ? h.length() : 0) + 4; // the entry, its flag last
        receive.entry(bytes, host, new Arrival(UnetWire.RECV_QUEUE, slot, descriptor), 0, new Delivered());
    }
}
