package org.nowemu.protocol.vmmc;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.parts.notification.ControlTransfer;
import org.nowemu.protocol.parts.notification.InterruptsOn;
import org.nowemu.protocol.parts.notification.NicInterrupt;
import org.nowemu.protocol.parts.notification.NicInterrupts;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.staging.Arrival;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * VMMC's receive side on the NIC (systems §8.5): the incoming page table of exports, and the deposit of each
 * data packet where its sender said. The packet's export must be in the table and its range within it (else it is
 * dropped and counted: protection); its data goes by host DMA straight into the exported pages, one DMA per page it
 * touches; on a request's last packet with the notify flag a notification record follows into the notification
 * queue. The SRAM buffer is posted to the receive DMA again only when all that is done, and a notification that
 * finds the queue full waits, holding its buffer, for the host to take one: with every buffer held the receive DMA
 * stops draining the link, and the link's back-pressure holds the sender. Nothing is ever dropped for want of room.
 *
 * <p>Counters: {@code vmmc.deposited} (packets), {@code vmmc.deposit_dmas}, {@code vmmc.notified},
 * {@code vmmc.notify_waits}, {@code vmmc.dropped.bad_export}.
 */
final class VmmcDeposit implements HostDmas.Client<VmmcDeposit.Landed> {
    /** What a deposit's last DMA means when it has landed. */
    sealed interface Landed {
    }

    /** A packet whose request asked for a notification has landed: notify, when the queue has room. */
    private record ToNotify(VmmcWire.Header h) implements Landed {
    }

    /** A packet's data, or a notification record, has landed: its SRAM buffer goes back to the receive DMA. */
    private record BufferFree() implements Landed {
    }

    /** A notification record has landed: its buffer is free, and the host is interrupted if it asked to be. */
    private record Notified() implements Landed {
    }

    /** An interrupt (a signal) per notification while enabled and none outstanding. */
    private final NicInterrupts interrupts = new NicInterrupts(ControlTransfer.INTERRUPTS, 1, new NicInterrupt(),
            "vmmc");
    private long taken;

    private final VmmcSettings s;
    private final FirmwareSteps c;
    private final int[] exportBytes;
    /** Notifications waiting for a free entry of the queue, in order. */
    private final ArrayDeque<VmmcWire.Header> waitingForSlot = new ArrayDeque<>();
    /** VMMC-2's redirect table: user buffers posted for ranges of exports, in the order posted. */
    private final java.util.ArrayList<VmmcWire.Redirect> redirects = new java.util.ArrayList<>();
    private int notifyNext;
    private int notifyFree;
    /** Notifications of packets taken whose deposit is still under way. */
    private int notifyPending;
    private int host = -1;
    private NicContext nic;
    private HostDmas dmas;

    VmmcDeposit(VmmcSettings settings) {
        this.s = settings;
        this.c = settings.firmware();
        this.exportBytes = new int[settings.exports()];
        Arrays.fill(exportBytes, -1);
        this.notifyFree = settings.notifyQueue();
    }

    void start(NicContext ctx, HostDmas hostDmas) {
        this.nic = ctx;
        this.dmas = hostDmas;
    }

    void host(int component) {
        host = component;
        interrupts.start(nic, host, s.interrupts());
    }

    /** The size of export {@code exp}, or -1 if there is none. */
    int exportSize(int exp) {
        return exp < exportBytes.length ? exportBytes[exp] : -1;
    }

    void onHostWrite(Object p) {
        if (p instanceof VmmcWire.Export e) {
            nic.cycles(c.descriptor());
            exportBytes[e.exp()] = e.bytes();
        } else if (p instanceof VmmcWire.Redirect r) {
            nic.cycles(c.descriptor());
            redirects.add(r);
        } else if (p instanceof InterruptsOn on) {
            interrupts.enable(on.on());
        } else if (p instanceof VmmcWire.NotificationTaken) {
            interrupts.polled(++taken);
            notifyFree++;
            VmmcWire.Header next = waitingForSlot.poll();
            if (next != null) {
                notifyNow(next);
            }
        } else {
            throw new IllegalStateException("vmmc firmware: unexpected host write " + p);
        }
    }

    @Override
    public void dmaDone(Landed done) {
        if (done instanceof ToNotify n) {
            notifyWhenRoom(n.h());
        } else if (done instanceof Notified) {
            nic.postReceive(1);
            interrupts.delivered();
        } else {
            nic.postReceive(1);
        }
    }

    /** Whether a packet could be taken now: one that notifies needs a notification entry (VMMC-2 asks first). */
    boolean roomFor(byte[] body) {
        return (VmmcWire.header(body).flags() & VmmcWire.NOTIFY) == 0 || notifyFree - notifyPending > 0;
    }

    void onData(byte[] body) {
        VmmcWire.Header h = VmmcWire.header(body);
        nic.cycles(c.descriptor());
        int size = exportSize(h.exp());
        if (host < 0 || size < 0 || h.offset() < 0 || h.offset() + (long) h.length() > size
                || body.length != VmmcWire.HEADER_BYTES + h.length()) {
            nic.counter("vmmc.dropped.bad_export").increment();
            nic.postReceive(1);
            return;
        }
        nic.counter("vmmc.deposited").increment();
        byte[] data = Arrays.copyOfRange(body, VmmcWire.HEADER_BYTES, body.length);
        boolean last = (h.flags() & VmmcWire.LAST) != 0;
        boolean notify = (h.flags() & VmmcWire.NOTIFY) != 0;
        boolean redirected = redirected(h);
        VmmcWire.Landed landed = new VmmcWire.Landed(h.exp(), h.offset(), data, h.src(), h.seq(), last, redirected);
        if (notify) {
            notifyPending++;
        }
        Landed then = notify ? new ToNotify(h) : new BufferFree();
        long page = s.maxPacketData();
        int done = 0;
        while (done < h.length()) {
            int at = h.offset() + done;
            int part = (int) Math.min(h.length() - done, page - at % page);
            done += part;
            nic.cycles(c.dma());
            nic.counter("vmmc.deposit_dmas").increment();
            if (done < h.length()) {
                dmas.toHost(part, s.streamingDma(), -1, null);
            } else {
                dmas.toHost(part, s.streamingDma(), host, landed, this, then);
            }
        }
    }

    /**
     * Whether a posted redirect covers the packet's range: then its data goes to the user buffer instead of the
     * staging pages, at the same cost; the redirect is used up when its last byte is written.
     */
    private boolean redirected(VmmcWire.Header h) {
        int end = h.offset() + h.length();
        for (int i = 0; i < redirects.size(); i++) {
            VmmcWire.Redirect r = redirects.get(i);
            nic.cycles(c.flag());
            if (r.exp() == h.exp() && r.offset() <= h.offset() && end <= r.end()) {
                if (end == r.end()) {
                    redirects.remove(i);
                }
                nic.counter("vmmc.redirected").increment();
                return true;
            }
        }
        return false;
    }

    private void notifyWhenRoom(VmmcWire.Header h) {
        if (notifyFree == 0) {
            nic.counter("vmmc.notify_waits").increment();
            waitingForSlot.add(h);
            return;
        }
        notifyNow(h);
    }

    private void notifyNow(VmmcWire.Header h) {
        notifyFree--;
        notifyPending--;
        int slot = notifyNext;
        notifyNext = (notifyNext + 1) % s.notifyQueue();
        byte[] record = ByteBuffer.allocate(20).putInt(h.src()).putInt(h.exp()).putInt(h.offset())
                .putInt(h.length()).putInt(h.seq()).array();
        nic.cycles(c.dma());
        nic.counter("vmmc.notified").increment();
        dmas.toHost(record.length + 4, s.streamingDma(), host, new Arrival(VmmcWire.NOTIFICATIONS, slot, record),
                this, new Notified());
    }

    /** The notification a queue entry holds. */
    static VmmcWire.Notification notification(byte[] record) {
        ByteBuffer b = ByteBuffer.wrap(record);
        return new VmmcWire.Notification(b.getInt(), b.getInt(), b.getInt(), b.getInt(), b.getInt());
    }
}
