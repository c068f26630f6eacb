package org.nowemu.protocol.parts.delivery;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.protocol.am.AmError;
import org.nowemu.protocol.nic.Doorbell;
import org.nowemu.protocol.nic.DriverEntry;
import org.nowemu.protocol.nic.HostEntry;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.endpoints.EndpointFrame;
import org.nowemu.protocol.parts.endpoints.EndpointTable;
import org.nowemu.protocol.wire.Header;

/**
 * Delivery into an endpoint's receive queues in host memory: a medium message's data by DMA into the staging area,
 * then its receive-queue entry; the count of entries the host has not freed in each queue; the message's ACK once
 * its entry is in (reliable transport); and, with the endpoint's events on, an interrupt when a message lands in an
 * empty queue. Messages the transport gives up on come back the same way, into the sender's reply-receive queue
 * with their error.
 *
 * <p>Inputs: messages to deliver ({@link #deliver}) or return ({@link #returnToSender}), the host's frees and
 * event masks. Outputs: DMAs to the host, ACKs ({@link Acks}), interrupts to the driver. Counters:
 * {@code vn.returned.<error>}, {@code vn.dropped.return_to_nowhere}, {@code vn.interrupts},
 * {@code vn.dropped.excess_frees}.
 */
public final class HostDelivery implements HostDmas.Client<HostDelivery.Landed> {
    /** A delivery DMA that has completed. */
    public sealed interface Landed permits DataIn, EntryIn, Waited {
    }

    /** A medium message's data is in the staging area: its entry follows. */
    public record DataIn(EndpointFrame f, HostEntry.Delivery d, int entryBytes, Header ack, boolean interrupt)
            implements Landed {
    }

    /** The entry is in the queue: acknowledge {@code ack} (null: nothing to), interrupt if asked. */
    public record EntryIn(EndpointFrame f, Header ack, boolean interrupt) implements Landed {
    }

    /** The DMAs a previous life left in the engine have landed: wake the host for the entries waiting. */
    public record Waited(EndpointFrame f) implements Landed {
    }

    /** Where a delivered message's positive ACK goes once its entry is in host memory. */
    @FunctionalInterface
    public interface Acks {
        void ack(Header h);
    }

    private final NicContext nic;
    private final EndpointTable endpoints;
    private final HostDmas dmas;
    private final Acks acks;
    private final boolean streaming;
    private final int deliverCycles;
    private final int entryBytes;
    /**
     * Medium messages whose data is crossing the bus and whose entry this firmware has yet to write, in the order
     * their DMAs were asked for (the engine keeps it). The entry is the firmware's second step: if the NIC loses
     * power in between, the data lands but no entry follows, so a new life must account for these
     * ({@link #landing}).
     */
    private final ArrayDeque<DataIn> dataOnTheWay = new ArrayDeque<>();

    /**
     * @param streaming     medium data moves by streaming DMA (else consistent)
     * @param deliverCycles setting up an entry's (and data's) DMA (LANai cycles)
     * @param entryBytes    bytes of a receive-queue entry besides its argument words
     */
    public HostDelivery(NicContext nic, EndpointTable endpoints, HostDmas dmas, Acks acks, boolean streaming,
                        int deliverCycles, int entryBytes) {
        this.nic = nic;
        this.endpoints = endpoints;
        this.dmas = dmas;
        this.acks = acks;
        this.streaming = streaming;
        this.deliverCycles = deliverCycles;
        this.entryBytes = entryBytes;
    }

    /** A message lands in receive queue {@code q}: counts it; true if the host must be interrupted for it. */
    public boolean arrives(EndpointFrame f, int q) {
        boolean empty = f.used[q] == 0;
        f.used[q]++;
        return empty && f.events;
    }

    /**
     * Writes entry {@code d} (after its data, for a medium message) into the endpoint's host memory; then
     * acknowledges {@code ack} (null: nothing to) and interrupts the host if {@code interrupt}.
     */
    public void deliver(EndpointFrame f, HostEntry.Delivery d, Header ack, boolean interrupt) {
        nic.cycles(deliverCycles);
        int entry = entryBytes + 4 * d.args().length;
        if (d.data().length > 0) {
            DataIn in = new DataIn(f, d, entry, ack, interrupt);
            dataOnTheWay.add(in);
            dmas.toHost(d.data().length, streaming, -1, null, this, in);
        } else {
            dmas.toHost(entry, false, f.host, d, this, new EntryIn(f, ack, interrupt));
        }
    }

    /**
     * Returns a message to its sending endpoint's reply-receive queue with {@code why}; {@code destNic} and
     * {@code destEp} say where it was going (they become the entry's source).
     */
    public void returnToSender(EndpointFrame f, boolean reply, int handler, int[] args, byte[] data, int offset,
                               long msgId, int destNic, int destEp, AmError why) {
        if (f == null) {
            // Its endpoint was closed (its process died) while the message was out.
            nic.counter("vn.dropped.return_to_nowhere").increment();
            return;
        }
        nic.counter("vn.returned." + why.name().toLowerCase()).increment();
        boolean interrupt = arrives(f, 1);
        deliver(f, new HostEntry.Delivery(f.index, reply, destNic, destEp, 0, handler, args, data, offset, msgId,
                why.code(), true), null, interrupt);
    }

    /** Returns the message packet {@code h} carried toward NIC {@code dest} to its sender, with {@code why}. */
    public void returned(Header h, int dest, AmError why) {
        returnToSender(endpoints.at(h.srcEp()), h.reply(), h.handler(), h.args(), h.data(), h.offset(), h.msgId(),
                dest, h.dstEp(), why);
    }

    /** The host freed {@code f.entries()} entries of one of {@code e}'s receive queues. */
    public void freed(EndpointFrame e, Doorbell.Freed f) {
        int q = EndpointFrame.queue(f.reply());
        e.used[q] -= f.entries();
        if (e.used[q] < 0) {
            nic.counter("vn.dropped.excess_frees").add(-e.used[q]);
            e.used[q] = 0;
        }
    }

    /**
     * The host turned {@code f}'s events on or off. Turning them on while entries the host has not freed wait
     * interrupts at once: one may have landed after the host's last poll (its entry still on its way) and found the
     * queue not empty because the host's frees had not reached the NIC yet, and nothing else would wake the host.
     */
    public void events(EndpointFrame f, boolean on) {
        f.events = on;
        if (on && (f.used[0] > 0 || f.used[1] > 0)) {
            interrupt(f);
        }
    }

    /**
     * A restarted NIC got {@code f} back with events on and entries waiting: the last life's entries still in the
     * DMA engine land without the interrupt they would have sent, so wake the host once they are in (the engine
     * keeps order), as turning events on with entries waiting does.
     */
    public void wakeWhenLanded(EndpointFrame f) {
        dmas.toHost(0, false, -1, null, this, new Waited(f));
    }

    /**
     * The entries this firmware still has to write after their data lands, for a NIC that loses power now: they
     * were counted in their receive queues but will never be written. A delivery among them was not acknowledged
     * (its sender sends it again, and the next life refuses it); a returned message among them must be returned
     * again by the next life, or nobody would.
     */
    public List<HostEntry.Delivery> landing() {
        List<HostEntry.Delivery> all = new ArrayList<>(dataOnTheWay.size());
        for (DataIn in : dataOnTheWay) {
            all.add(in.d());
        }
        return all;
    }

    public void interrupt(EndpointFrame f) {
        nic.counter("vn.interrupts").increment();
        nic.tell(f.driver, nic.settings().lanai().cycles(1), new DriverEntry.Interrupt(f.index));
    }

    @Override
    public void dmaDone(Landed done) {
        if (done instanceof DataIn in) {
            dataOnTheWay.remove(in);
            dmas.toHost(in.entryBytes(), false, in.f().host, in.d(), this,
                    new EntryIn(in.f(), in.ack(), in.interrupt()));
        } else if (done instanceof EntryIn in) {
            if (in.ack() != null) {
                acks.ack(in.ack());
            }
            if (in.interrupt()) {
                interrupt(in.f());
            }
        } else if (done instanceof Waited w) {
            interrupt(w.f());
        }
    }
}
