package org.nowemu.protocol.fm;

import java.util.ArrayDeque;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.dispatch.DispatchLoop;
import org.nowemu.protocol.parts.dma.OrderedDmas;
import org.nowemu.protocol.parts.receive.HostReceive;
import org.nowemu.protocol.parts.ring.DescriptorRing;
import org.nowemu.protocol.parts.ring.FreeFlag;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * FM's NIC control program, the same for FM 1.x and FM 2.x (systems §2.5, §3.5): streams, interleaving and
 * flow control are the host library's. Send: the dispatch loop finds a send slot's ready flag set (the host wrote
 * header and payload into it by PIO), reads the destination, looks up the route and starts the send DMA straight
 * from the slot; when the packet's tail has left it sets the slot's free flag. Receive: the receive DMA puts a
 * packet into an SRAM buffer; the firmware DMAs it into the next slot of the host's data area (or, a credit packet,
 * of its control area), flag last, at the producer index it keeps, without looking at credits: the host's credits
 * guarantee the slot. The SRAM buffer is posted again only when that DMA is done, so when every buffer waits for
 * the one host DMA engine the receive DMA stops draining the link and back-pressure holds the sender: this, with
 * the credits, is all of FM's reliability (no sequence numbers, acknowledgements or retransmission). A packet that
 * arrives damaged is dropped and counted; FM cannot recover it.
 *
 * <p>Counters: {@code fm.transmitted}, {@code fm.delivered}, {@code fm.credit_packets_delivered},
 * {@code fm.dropped.<status>}, {@code fm.dropped.no_route}, {@code fm.dropped.no_host}.
 */
public final class FmFirmware extends DispatchLoop {
    private final FmSettings s;
    private final FirmwareSteps c;
    private final Routes routes;
    private final DescriptorRing<FmWire.SlotReady> slots;
    private final int dataSlots;
    private final int controlSlots;
    /** Packets being copied into the host's areas: each DMA done gives a receive buffer back. */
    private OrderedDmas<Boolean> dmas;
    private final ArrayDeque<Integer> onWire = new ArrayDeque<>();
    private int dataNext;
    private int controlNext;
    private int host = -1;
    private NicContext nic;
    /** Received packets into the host's data and control areas. */
    private HostReceive<Boolean> receive;

    /**
     * @param settings the stack
     * @param routes   the route to each NIC (null for itself or where there is none)
     */
    public FmFirmware(FmSettings settings, Routes routes) {
        super("FM");
        this.s = settings;
        this.c = settings.firmware();
        this.routes = routes;
        this.slots = new DescriptorRing<>("send slots", settings.sendSlots());
        this.dataSlots = settings.receiveSlots();
        this.controlSlots = settings.controlSlots(settings.job() > 0 ? settings.job() : routes.nics());
    }

    /** SRAM the firmware's tables and buffers take on a cluster of {@code hosts} (bytes). */
    public static long sramNeeded(FmSettings s, int hosts) {
        long packet = FmWire.HEADER_BYTES + s.packetPayload();
        return 8L * hosts + s.sendSlots() * (packet + 4L * s.flagWords()) + s.sramRecvBuffers() * packet;
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        int packet = FmWire.HEADER_BYTES + s.packetPayload();
        ctx.sram().allocate("routing table", 8L * routes.nics());
        ctx.sram().allocate("send slots", (long) s.sendSlots() * (packet + 4L * s.flagWords()));
        ctx.sram().allocate("receive buffers", (long) s.sramRecvBuffers() * packet);
        dmas = new OrderedDmas<>(ctx, s.streamingDma(), Boolean.TRUE);
        receive = new HostReceive<>(ctx, c, "fm.dropped.", null, dmas::toHost, null);
        ctx.postReceive(s.sramRecvBuffers());
    }

    @Override
    protected void onSent() {
        nic.counter("fm.transmitted").increment();
        free(onWire.poll());
    }

    @Override
    protected void onDmaDone(long tag) {
        if (dmas.waiting() == 0) {
            throw new IllegalStateException("FM firmware: a host DMA done that it did not start");
        }
        receive.landed(dmas.done());
    }

    @Override
    protected void onHostWrite(Object p, int thread) {
        if (p instanceof FmWire.SlotReady r) {
            slots.post(r.slot(), r);
            while (slots.hasReady()) {
                send();
            }
        } else if (p instanceof FmWire.Init) {
            host = thread;
        } else {
            throw new IllegalStateException("FM firmware: unexpected host write " + p);
        }
    }

    private void send() {
        int index = slots.head();
        FmWire.SlotReady r = slots.take();
        nic.cycles(c.poll() + c.descriptor() + c.route());
        byte[] route = routes.to(r.dest());
        if (route == null) {
            nic.counter("fm.dropped.no_route").increment();
            free(index);
            return;
        }
        nic.cycles(c.dma());
        nic.transmit(nic.packet(route, r.body()));
        onWire.add(index);
    }

    private void free(int index) {
        nic.cycles(c.flag());
        nic.tell(host, nic.settings().lanai().cycles(1), new FreeFlag(FmWire.SEND_SLOTS, index));
    }

    @Override
    protected void onPacket(NicEvent.PacketReceived rx) {
        byte[] body = receive.accept(rx);
        if (body == null) {
            return;
        }
        if (host < 0) {
            receive.drop("no_host");
            return;
        }
        boolean credit = FmWire.Header.of(body).kind() == FmWire.CREDIT;
        int area;
        int slot;
        if (credit) {
            area = FmWire.CONTROL_AREA;
            slot = controlNext;
            controlNext = (controlNext + 1) % controlSlots;
            nic.counter("fm.credit_packets_delivered").increment();
        } else {
            area = FmWire.DATA_AREA;
            slot = dataNext;
            dataNext = (dataNext + 1) % dataSlots;
            nic.counter("fm.delivered").increment();
        }
        // The slot's flag sits after the packet: the same DMA writes it, last.
        receive.entry(body.length + 4 * s.flagWords(), host, new Arrival(area, slot, body), 0, Boolean.TRUE);
    }
}
