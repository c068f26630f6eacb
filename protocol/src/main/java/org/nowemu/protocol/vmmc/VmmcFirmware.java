package org.nowemu.protocol.vmmc;

import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.reliability.NicReliability;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.staged.StagedFirmware;
import org.nowemu.protocol.parts.staged.StagedSend;
import org.nowemu.protocol.parts.translation.AddressTranslation;
import org.nowemu.protocol.parts.translation.Step;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.EntryInstalled;
import org.nowemu.protocol.parts.translation.TlbMisses;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * VMMC's NIC (systems §8.5), its send side; {@link VmmcDeposit} is its receive side, {@link VmmcImports}
 * its imports (the outgoing proxies the sender cannot forge). On VMMC-2 it composes the UTLB and ACK/NACK
 * retransmission ({@code parts/reliability}) instead of the software TLB and back-pressure. Send: the
 * dispatch loop takes the command page's requests in order; one naming no granted import, or beyond the export's
 * end, is refused; an accepted one is cut into packets at the page boundaries of the local buffer, each page
 * translated through the NIC's software TLB (a miss waits while the host's kernel, interrupted, pins the page and
 * installs the entry by PIO: {@link TlbMisses}), DMA'd from the user's page into an SRAM buffer and sent
 * with the export, the offset and, on the last, the notify flag. The request is done when its last packet has left.
 * VMMC's reliability is the link's back-pressure alone: its receiver never drops for want of room.
 *
 * <p>Counters: {@code vmmc.requests}, {@code vmmc.refused.no_import}, {@code vmmc.refused.bounds},
 * {@code vmmc.transmitted}, {@code vmmc.fetched}, {@code vmmc.tlb.misses}, {@code vmmc.tlb.interrupts}, {@code vmmc.given_up},
 * and those of {@link VmmcDeposit}, {@link VmmcImports} and, on VMMC-2, the reliability part ({@code rel.}).
 */
public final class VmmcFirmware extends StagedFirmware<VmmcFirmware.Outgoing>
        implements HostDmas.Client<VmmcFirmware.EntriesFetched>, NicReliability.Link {
    private static final StagedSend.Options SEND = new StagedSend.Options(true, false, false, false, "vmmc.fetched",
            "vmmc.dropped.no_route", "vmmc.transmitted");

    /** The UTLB entries a miss needed are in from the host's table. */
    record EntriesFetched() {
    }

    /** One packet of a send request. */
    static final class Outgoing {
        final int index;
        final int dest;
        final byte[] body;
        final long va;
        final boolean last;
        boolean translated;

        Outgoing(int index, int dest, byte[] body, long va, boolean last) {
            this.index = index;
            this.dest = dest;
            this.body = body;
            this.va = va;
            this.last = last;
        }

        int bytes() {
            return body.length - VmmcWire.HEADER_BYTES;
        }
    }

    private final VmmcSettings s;
    private final IdSystem ids; // whose ledger ids the messages carry: VMMC-2 runs on this firmware too
    private final VmmcImports imports;
    private final DescriptorRing<VmmcWire.Send> sendQueue;
    private final AddressTranslation tlb;
    /** The NIC's side of a software-TLB miss: the interrupt to the host, then waiting for the kernel's install. */
    private final TlbMisses misses = new TlbMisses("vmmc");
    private final VmmcDeposit deposit;
    /** A request's packets, each sent in order once its page is translated and in SRAM (and the window lets). */
    /** Packets from the receive DMA: the damaged dropped here, data handed to {@link VmmcDeposit}. */
    private HostReceive<Object> receive;
    private Outgoing translating;
    private NicReliability rel;

    public VmmcFirmware(VmmcSettings settings, Routes routes, IdSystem ids) {
        super("vmmc", settings.firmware(), routes);
        this.ids = ids;
        this.s = settings;
        this.sendQueue = new DescriptorRing<>("command page", settings.sendQueue());
        this.tlb = new AddressTranslation(settings.translationChoice(), settings.translation(),
                settings.profile().host().pageSize());
        this.deposit = new VmmcDeposit(settings);
        this.imports = new VmmcImports(settings, deposit, this::control,
                settings.reliability() == Reliability.ACK_NACK);
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(VmmcSettings s, int hosts) {
        long packet = VmmcWire.HEADER_BYTES + s.maxPacketData();
        return 8L * hosts + 12L * s.imports() + 16L * s.exports() + 32L * s.sendQueue()
                + 8L * s.translation().nicTlbEntries() + (s.sramSendBuffers() + (long) s.sramRecvBuffers()) * packet
                + NicReliability.sramBytes(s.reliability(), s.rel(), hosts, (int) packet);
    }

    @Override
    public void start(NicContext ctx) {
        long packet = VmmcWire.HEADER_BYTES + s.maxPacketData();
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("outgoing proxies", 12L * s.imports());
        ctx.sram().allocate("incoming page table", 16L * s.exports());
        ctx.sram().allocate("command page", 32L * s.sendQueue());
        ctx.sram().allocate(s.translationChoice() == TranslationChoice.UTLB ? "UTLB cache" : "software TLB",
                8L * s.translation().nicTlbEntries());
        if (s.reliability() == Reliability.ACK_NACK) {
            rel = new NicReliability(Reliability.ACK_NACK, s.rel(), ctx, routes.nics(), this);
            ctx.sram().allocate("retransmission store",
                    NicReliability.sramBytes(Reliability.ACK_NACK, s.rel(), routes.nics(), (int) packet));
        }
        ctx.sram().allocate("packet buffers", (s.sramSendBuffers() + (long) s.sramRecvBuffers()) * packet);
        startSend(ctx, s.sramSendBuffers(), SEND.streaming(s.streamingDma()));
        receive = new HostReceive<>(ctx, c, "vmmc.dropped.", null, dmas, s.streamingDma(), null);
        deposit.start(ctx, dmas);
        imports.start(ctx, dmas);
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    protected boolean onTimer(Object tag) {
        if (rel != null && rel.owns(tag)) {
            rel.onTimer(tag);
        } else if (imports.owns(tag)) {
            imports.onTimer(tag, host);
        } else {
            return false;
        }
        return true;
    }

    @Override
    public void dmaDone(EntriesFetched done) {
        translated();
    }

    @Override
    public void transmit(int dest, byte[] frame) {
        control(dest, frame);
    }

    @Override
    public void mayGo() {
        send.pump();
    }

    /** A packet given up goes back to the host, which returns its request to the program as unreachable. */
    @Override
    public void gaveUp(int dest, Object token) {
        nic.counter("vmmc.given_up").increment();
        if (token instanceof Outgoing o && host >= 0) {
            nic.cycles(c.dma());
            dmas.toHost(8, s.streamingDma(), host, new VmmcWire.GivenUp(dest, VmmcWire.header(o.body).seq()));
        }
    }

    /** The ledger ids of the requests whose packets the retransmission store still keeps (VMMC-2), for the ledger. */
    @Override
    public long[] holding() {
        if (rel == null || nic == null) {
            return new long[0];
        }
        java.util.TreeSet<Long> kept = new java.util.TreeSet<>();
        rel.forEachKept((dest, token) -> {
            if (token instanceof Outgoing o) {
                kept.add(MessageIds.of(ids, nic.nic(), dest, VmmcWire.header(o.body).seq()));
            }
        });
        return kept.stream().mapToLong(Long::longValue).toArray();
    }

    private void translated() {
        translating.translated = true;
        translating = null;
        pumpSend();
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof VmmcWire.Send send) {
            sendQueue.post(send.index(), send);
            pumpSend();
        } else if (p instanceof VmmcWire.Import imp) {
            imports.ask(imp);
        } else if (p instanceof EntryInstalled) {
            if (misses.installed(nic, host)) {
                translated();
            }
        } else if (p instanceof VmmcWire.Init) {
            host = thread;
            deposit.host(host);
        } else {
            deposit.onHostWrite(p);
        }
    }

    /** Sends a control packet (an import message, an ACK or NACK, a resend) to {@code dest}. */
    private void control(int dest, byte[] body) {
        send.control(dest, body);
    }

    private void pumpSend() {
        while (sendQueue.hasReady()) {
            int index = sendQueue.head();
            VmmcWire.Send r = sendQueue.take();
            nic.cycles(c.poll() + c.descriptor());
            nic.counter("vmmc.requests").increment();
            VmmcImports.Proxy p = imports.proxy(r.imp());
            if (p == null) {
                refuse(index, "vmmc.refused.no_import");
            } else if (r.offset() < 0 || r.offset() + (long) r.data().length > p.bytes()) {
                refuse(index, "vmmc.refused.bounds");
            } else {
                cut(index, r, p);
            }
        }
        send.pump();
    }

    /** Packets at the page boundaries of the local buffer: a page at most, each with its place in the export. */
    private void cut(int index, VmmcWire.Send r, VmmcImports.Proxy p) {
        long page = s.maxPacketData();
        int length = r.data().length;
        int done = 0;
        do {
            long va = r.va() + done;
            int part = (int) Math.min(length - done, page - va % page);
            boolean last = done + part == length;
            int flags = (last ? VmmcWire.LAST : 0) | (last && r.notifies() ? VmmcWire.NOTIFY : 0);
            byte[] body = VmmcWire.data(nic.nic(), p.exp(), flags, r.offset() + done, r.seq(), r.data(), done, part);
            send.add(new Outgoing(index, p.dest(), body, va, last));
            done += part;
        } while (done < length);
    }

    private void refuse(int index, String why) {
        nic.counter(why).increment();
        done(index, false);
    }

    private void done(int index, boolean accepted) {
        nic.cycles(c.flag());
        nic.tell(host, nic.settings().lanai().cycles(1), new VmmcWire.Done(index, accepted));
    }

    /**
     * Whether {@code o}'s page is translated. A software-TLB miss interrupts the host and answers false until the
     * kernel has installed the entry ({@link TlbMisses}); a UTLB miss fetches the entry by host DMA, without the host.
     */
    private boolean translate(Outgoing o) {
        if (translating != null) {
            return false;
        }
        var t = tlb.translate(o.va, o.bytes());
        nic.counter("vmmc.tlb.misses").add(t.misses());
        if (s.translationChoice() == TranslationChoice.NIC_TLB) {
            if (misses.run(nic, host, t.nic())) {
                o.translated = true;
                return true;
            }
            translating = o;
            return false;
        }
        int fetch = 0;
        for (Step step : t.nic()) {
            if (step instanceof Step.NicCycles n) {
                nic.cycles(n.cycles());
            } else if (step instanceof Step.EntryFetch f) {
                fetch += f.bytes();
            }
        }
        if (fetch == 0) {
            o.translated = true;
            return true;
        }
        translating = o;
        nic.cycles(c.dma());
        dmas.fromHost(fetch, false, this, new EntriesFetched());
        return false;
    }

    @Override
    public int fetchBytes(Outgoing o) {
        return o.bytes();
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
    public boolean mayLeave(Outgoing o) {
        return rel == null || rel.maySend(o.dest); // a full window to that destination frees as ACKs come
    }

    @Override
    public byte[] frame(Outgoing o, int copy) {
        return rel == null ? o.body : rel.data(o.dest, o.body, o);
    }

    /** A packet has left, or had no route (counted as transmitted all the same, as VMMC's program always did). */
    @Override
    public void left(Outgoing o, boolean sent) {
        if (!sent) {
            nic.counter("vmmc.transmitted").increment();
        }
        if (o.last) {
            done(o.index, true);
        }
        pumpSend();
    }

    /** A data packet, or (VMMC-2) a reliability frame: taken if the receiver has room, else dropped and NACKed. */
    private void onData(byte[] body) {
        if (rel == null) {
            deposit.onData(body);
            return;
        }
        NicReliability.Received r = rel.receive(body);
        if (r == null || !r.data()) {
            nic.postReceive(1); // an ACK or NACK, handled by the part
            return;
        }
        if (rel.admit(r, deposit.roomFor(r.body())) == NicReliability.Verdict.TAKE) {
            deposit.onData(r.body());
        } else {
            nic.postReceive(1);
        }
    }

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        byte[] body = receive.accept(rx);
        if (body == null) {
            return;
        }
        if (body.length < 8) {
            receive.drop("ok"); // too short to be anything: counted under its status, as VMMC always has
            return;
        }
        if (body[0] < VmmcWire.IMPORT) {
            onData(body);
            return;
        }
        imports.onPacket(body, host);
        nic.postReceive(1);
    }
}
