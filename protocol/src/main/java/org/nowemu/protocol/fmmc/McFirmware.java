package org.nowemu.protocol.fmmc;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.nowemu.hardware.link.Packet;
import org.nowemu.hardware.nic.DmaRequest;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.fm.FmFirmware;
import org.nowemu.protocol.parts.multicast.ForwardingBuffers;
import org.nowemu.protocol.parts.multicast.SpanningTree;
import org.nowemu.protocol.parts.steps.FirmwareSteps;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * FM/MC's NIC control program (systems §6.5): FM's firmware, unchanged, for unicast, and beside it the
 * multicast. A sender NIC sends a multicast packet (from a multicast send slot the host filled by PIO) to the
 * root's children in the group's tree only with a multicast credit, one buffer reserved at every member of the
 * group by the group's central buffer manager, the NIC of its first host (groups with different first hosts must
 * not overlap: each manager counts every member's buffers as its own, and an overflow would fail the run); it asks the manager for {@code request} credits at a time when its
 * stock runs out with packets waiting (prefetching for those behind), its packets wait in their slots meanwhile,
 * and it gives back what it holds unused when its queue empties (kept, such credits could starve other senders). The manager keeps every NIC's free
 * buffers and grants min(asked, the fewest free at any member), or queues the request until members release
 * buffers. A member NIC receives the packet into a reserved buffer, forwards it to its own children (they hold a
 * buffer for it too) and copies it into its host's multicast area while that has a free slot; once both are done it
 * frees the buffer and reports freed buffers to the manager in batches of {@code release}. Buffers are taken before
 * anything is sent, so forwarding cannot deadlock; the price is the manager's round trips.
 *
 * <p>Counters: {@code fmmc.forwarded}, {@code fmmc.delivered}, {@code fmmc.requests}, {@code fmmc.grants_waited}
 * (requests the manager had to queue), {@code fmmc.credit_waits} (packets that waited for a credit),
 * {@code fmmc.held_for_host}.
 */
public final class McFirmware implements Firmware {
    /** What a multicast or control packet handed to the send DMA means when its tail has left. */
    private sealed interface Sent {
    }

    /** A copy of multicast send slot {@code copies.slot}'s packet has left: the slot is the host's once all have. */
    private record SlotCopySent(SlotCopies copies) implements Sent {
    }

    /** A control packet has left: nothing waits for it. */
    private record ControlSent() implements Sent {
    }

    /** A copy of the packet held in {@code held} (of the group managed by NIC {@code manager}) has left. */
    private record Forwarded(ForwardingBuffers.Held held, int manager) implements Sent {
    }

    /** The packet held in {@code held} (of the group managed by NIC {@code manager}) is in the host's area. */
    private record Delivered(ForwardingBuffers.Held held, int manager) {
    }

    /** A multicast send slot and the copies of its packet still to leave, one a child of the root. */
    private static final class SlotCopies {
        final int slot;
        int left;

        SlotCopies(int slot, int left) {
            this.slot = slot;
            this.left = left;
        }
    }

    private final McSettings s;
    private final FirmwareSteps c;
    private final FmFirmware fm;
    private final Routes routes;
    private final int hosts;
    private final ArrayDeque<McWire.McSlot> out = new ArrayDeque<>();
    /** Looked up by packet id and DMA tag, never iterated. */
    private final Map<Long, Sent> onWire = new HashMap<>();
    private final Map<Long, Delivered> afterDma = new HashMap<>();
    private final ArrayDeque<ForwardingBuffers.Held> forHost = new ArrayDeque<>();
    private final Map<Integer, Integer> stock = new HashMap<>();
    private final Map<Integer, Boolean> asked = new HashMap<>();
    /** The manager's: free buffers per NIC, and requests it could not grant yet, in order. */
    private final int[] free;
    private final ArrayDeque<int[]> waiting = new ArrayDeque<>();
    private ForwardingBuffers buffers;
    private NicContext nic;
    private int host = -1;
    private long tags;
    private long produced;
    private long consumed;
    private final Map<Integer, Integer> owed = new HashMap<>();

    public McFirmware(McSettings settings, Routes routes) {
        this.s = settings;
        this.c = settings.fm().firmware();
        this.fm = new FmFirmware(settings.fm(), routes);
        this.routes = routes;
        this.hosts = routes.nics();
        this.free = new int[hosts];
        java.util.Arrays.fill(free, settings.buffers());
    }

    @Override
    public void start(NicContext ctx) {
        nic = ctx;
        fm.start(ctx);
        long packet = McWire.HEADER_BYTES + s.fm().packetPayload();
        ctx.sram().allocate("multicast send slots", s.sendSlots() * packet);
        ctx.sram().allocate("multicast buffers", s.buffers() * packet);
        ctx.sram().allocate("buffer manager table", 4L * hosts);
        // Every member's buffers, counted as if all came from one sender: the manager's grants bound them.
        buffers = new ForwardingBuffers("NIC " + ctx.nic() + " multicast", 1, s.buffers());
        ctx.postReceive(s.buffers());
    }

    @Override
    public void handle(NicContext ctx, Object event) {
        if (event instanceof NicEvent.HostWrite w) {
            if (host < 0) {
                host = w.thread();
            }
            if (w.payload() instanceof McWire.McSlot slot) {
                nic.cycles(c.poll() + c.descriptor());
                out.add(slot);
                pump();
            } else if (w.payload() instanceof McWire.McConsumed k) {
                nic.cycles(c.poll() + c.flag());
                consumed = Math.max(consumed, k.index());
                toHost();
            } else {
                fm.handle(ctx, event);
            }
        } else if (event instanceof NicEvent.PacketReceived rx && rx.status() == NicEvent.Status.OK
                && McWire.isMulticast(rx.packet().body())) {
            onReceived(rx.packet().body());
        } else if (event instanceof NicEvent.PacketSent sent && onWire.containsKey(sent.packetId())) {
            onSent(onWire.remove(sent.packetId()));
        } else if (event instanceof NicEvent.DmaDone d && afterDma.containsKey(d.tag())) {
            onDelivered(afterDma.remove(d.tag()));
        } else {
            fm.handle(ctx, event);
        }
    }

    // ---- sending

    private static int group(McWire.Header h) {
        return h.base() << 16 | h.members();
    }

    /** Sends the multicast packets at the head while credits for their groups last; asks for more if out. */
    private void pump() {
        while (!out.isEmpty()) {
            McWire.McSlot slot = out.peek();
            McWire.Header h = McWire.Header.of(slot.body());
            int g = group(h);
            if (stock.getOrDefault(g, 0) == 0) {
                nic.counter("fmmc.credit_waits").increment();
                ask(h);
                return;
            }
            out.poll();
            stock.merge(g, -1, Integer::sum);
            int[] children = tree(h).children(nic.nic(), nic.nic());
            SlotCopies copies = new SlotCopies(slot.slot(), children.length);
            for (int child : children) {
                transmit(child, slot.body(), new SlotCopySent(copies));
            }
            if (out.isEmpty() && stock.getOrDefault(g, 0) > 0) {
                // Credits kept while idle would hold a buffer at every member for nothing, and enough idle
                // senders holding them would leave none for the rest: give them back.
                control(h.base(), new McWire.Header(McWire.RETURN, 0, nic.nic(), h.base(), h.members(),
                        stock.get(g), 0));
                stock.put(g, 0);
            }
        }
    }

    private void ask(McWire.Header h) {
        int g = group(h);
        if (asked.getOrDefault(g, false)) {
            return;
        }
        asked.put(g, true);
        nic.counter("fmmc.requests").increment();
        control(h.base(), new McWire.Header(McWire.REQUEST, 0, nic.nic(), h.base(), h.members(), s.request(), 0));
    }

    private void onSent(Sent sent) {
        if (sent instanceof SlotCopySent copy) {
            if (--copy.copies().left == 0) {
                nic.cycles(c.flag());
                nic.tell(host, nic.settings().lanai().cycles(1), new McWire.McFree(copy.copies().slot));
            }
        } else if (sent instanceof Forwarded f) {
            if (buffers.forwarded(f.held())) {
                released(f.manager());
            }
        }
    }

    private void onDelivered(Delivered d) {
        nic.counter("fmmc.delivered").increment();
        if (buffers.delivered(d.held())) {
            released(d.manager());
        }
    }

    private void transmit(int dest, byte[] body, Sent done) {
        nic.cycles(c.route() + c.header() + c.dma());
        Packet p = nic.packet(routes.to(dest), body);
        onWire.put(p.id(), done);
        nic.transmit(p);
    }

    /** A control packet to {@code dest}, or handled here at once if this NIC is it. */
    private void control(int dest, McWire.Header h) {
        if (dest == nic.nic()) {
            onControl(h);
        } else {
            transmit(dest, h.packet(0), new ControlSent());
        }
    }

    // ---- receiving

    private void onReceived(byte[] body) {
        nic.cycles(c.poll() + c.receive());
        McWire.Header h = McWire.Header.of(body);
        if (h.sub() != McWire.DATA) {
            nic.postReceive(1);
            onControl(h);
            return;
        }
        int[] children = tree(h).children(h.src(), nic.nic());
        ForwardingBuffers.Held held = buffers.take(0, body, children.length, true);
        for (int child : children) {
            nic.counter("fmmc.forwarded").increment();
            transmit(child, body, new Forwarded(held, h.base()));
        }
        forHost.add(held);
        toHost();
    }

    private void toHost() {
        while (host >= 0 && !forHost.isEmpty()) {
            if (produced - consumed >= s.hostSlots()) {
                nic.counter("fmmc.held_for_host").increment();
                return;
            }
            ForwardingBuffers.Held held = forHost.poll();
            byte[] body = (byte[]) held.packet();
            int slot = (int) (produced++ % s.hostSlots());
            nic.cycles(c.dma());
            long tag = ++tags;
            afterDma.put(tag, new Delivered(held, McWire.Header.of(body).base()));
            nic.hostDma(DmaRequest.toHost(body.length + 4 * s.fm().flagWords(), s.fm().streamingDma(), tag, host,
                    new McWire.McArrival(slot, body)));
        }
    }

    /** A buffer of a packet of a group managed by NIC {@code manager} is free: reported in batches. */
    private void released(int manager) {
        nic.postReceive(1);
        int n = owed.merge(manager, 1, Integer::sum);
        if (n >= s.release()) {
            control(manager, new McWire.Header(McWire.RELEASE, 0, nic.nic(), 0, 0, n, 0));
            owed.put(manager, 0);
        }
    }

    private void onControl(McWire.Header h) {
        nic.cycles(c.descriptor());
        switch (h.sub()) {
            case McWire.REQUEST -> {
                waiting.add(new int[] {h.src(), h.base(), h.members(), h.count()});
                grant();
            }
            case McWire.RELEASE -> {
                free[h.src()] += h.count();
                grant();
            }
            case McWire.RETURN -> {
                for (int m = h.base(); m < h.base() + h.members(); m++) {
                    if (m != h.src()) {
                        free[m] += h.count();
                    }
                }
                grant();
            }
            case McWire.GRANT -> {
                int g = h.base() << 16 | h.members();
                asked.put(g, false);
                stock.merge(g, h.count(), Integer::sum);
                pump();
            }
            default -> throw new IllegalStateException("FM/MC: sub-kind " + h.sub());
        }
    }

    /** The manager grants the requests at the head of its queue while every member of the group has a buffer. */
    private void grant() {
        while (!waiting.isEmpty()) {
            int[] r = waiting.peek();
            int available = Integer.MAX_VALUE;
            for (int m = r[1]; m < r[1] + r[2]; m++) {
                if (m != r[0]) {
                    available = Math.min(available, free[m]);
                }
            }
            int g = Math.min(r[3], available);
            if (g == 0) {
                nic.counter("fmmc.grants_waited").increment();
                return;
            }
            waiting.poll();
            for (int m = r[1]; m < r[1] + r[2]; m++) {
                if (m != r[0]) {
                    free[m] -= g;
                }
            }
            control(r[0], new McWire.Header(McWire.GRANT, 0, nic.nic(), r[1], r[2], g, 0));
        }
    }

    private SpanningTree tree(McWire.Header h) {
        int[] members = new int[h.members()];
        java.util.Arrays.setAll(members, i -> h.base() + i);
        return new SpanningTree(members, s.fanout());
    }
}
