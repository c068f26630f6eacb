package org.nowemu.protocol.parts.receive;

import java.util.function.Function;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.protocol.parts.dma.HostDmas;
import org.nowemu.protocol.parts.notification.NicInterrupts;
import org.nowemu.protocol.parts.steps.FirmwareSteps;

/**
 * The receive path a NIC control program composes to put packets into host memory: the receive DMA hands it a
 * packet in an SRAM buffer; a damaged packet, or one the system has no place for, is dropped and counted and its
 * buffer goes back to the receive DMA at once; otherwise its data go by host DMA into a host buffer (a page frame,
 * a free-queue buffer, a posted receive) and an entry (a ring slot, a receive descriptor) follows, its full flag
 * written last by the same DMA; when the entry has landed the SRAM buffer goes back to the receive DMA and the host
 * may be interrupted. Where the packet goes (which ring, which slot, what the entry holds) is the system's.
 *
 * <p>Ports. In: {@link #accept} (a packet from the receive DMA, decoded or not), {@link #drop}, {@link #data} and
 * {@link #entry} (the system's verdict), {@link #landed} (the host DMA engine's end of an entry's write). Out: the
 * {@link Dma} port (writes into host memory), {@link NicContext#postReceive} (an SRAM buffer back to the receive
 * DMA), the interrupt ({@link NicInterrupts#delivered}) and {@link Landing#landed}.
 *
 * <p>Costs are the shared firmware steps: {@code poll} and {@code receive} to take a packet; a {@code dma} step to
 * start each write, charged as one with whatever step the system says precedes it (the clock rounds each charge:
 * two charges are not one); the entry's interrupt bit a {@code flag} step while the host has interrupts enabled.
 */
public final class HostReceive<R> implements HostDmas.Client<R> {
    /** The host DMA engine as this part uses it: a write naming {@code landed} must come back to {@link #landed}. */
    public interface Dma<R> {
        /**
         * Writes {@code bytes} into host memory, where host component {@code host} (-1: none) sees {@code payload};
         * {@code landed} null: nothing waits for the end.
         */
        void toHost(int bytes, int host, Object payload, R landed);
    }

    /** What the system does once an entry has landed and its SRAM buffer is back (the reliability part hears). */
    public interface Landing<R> {
        void landed(R entry);
    }

    private final NicContext nic;
    private final FirmwareSteps c;
    private final String dropped;
    private final NicInterrupts interrupts;
    private final Dma<R> dma;
    private final Landing<R> landing;

    /**
     * A receive path whose writes go through the firmware's own {@code dma} port.
     *
     * @param dropped    counter prefix of dropped packets ({@code "trapeze.dropped."})
     * @param interrupts the interrupt part (null: the system interrupts on its own, or never)
     * @param landing    what the system does when an entry has landed (null: nothing)
     */
    public HostReceive(NicContext nic, FirmwareSteps steps, String dropped, NicInterrupts interrupts, Dma<R> dma,
            Landing<R> landing) {
        this.nic = nic;
        this.c = steps;
        this.dropped = dropped;
        this.interrupts = interrupts;
        this.dma = dma;
        this.landing = landing;
    }

    /** A receive path whose writes go through {@code dmas}, streaming or not; landings come back by themselves. */
    public HostReceive(NicContext nic, FirmwareSteps steps, String dropped, NicInterrupts interrupts, HostDmas dmas,
            boolean streaming, Landing<R> landing) {
        this.nic = nic;
        this.c = steps;
        this.dropped = dropped;
        this.interrupts = interrupts;
        this.dma = new ViaHostDmas<>(dmas, streaming, this);
        this.landing = landing;
    }

    /** Writes through {@link HostDmas}, the part hearing of each entry's end by its record. */
    private record ViaHostDmas<R>(HostDmas dmas, boolean streaming, HostReceive<R> part) implements Dma<R> {
        @Override
        public void toHost(int bytes, int host, Object payload, R landed) {
            if (landed == null) {
                dmas.toHost(bytes, streaming, host, payload);
            } else {
                dmas.toHost(bytes, streaming, host, payload, part, landed);
            }
        }
    }

    /** A packet from the receive DMA: its body, or null when it came damaged (dropped and counted by its status). */
    public byte[] accept(NicEvent.PacketReceived rx) {
        nic.cycles(c.poll() + c.receive());
        if (rx.status() != NicEvent.Status.OK) {
            drop(rx.status().name().toLowerCase());
            return null;
        }
        return rx.packet().body();
    }

    /**
     * A packet from the receive DMA as {@code decode} reads its body: null when it came damaged, or does not decode
     * (dropped and counted as {@code malformed}).
     */
    public <M> M accept(NicEvent.PacketReceived rx, Function<byte[], M> decode) {
        byte[] body = accept(rx);
        if (body == null) {
            return null;
        }
        M m = decode.apply(body);
        if (m == null) {
            drop("malformed");
        }
        return m;
    }

    /** The packet is dropped ({@code why} ends its counter's name): its SRAM buffer goes back to the receive DMA. */
    public void drop(String why) {
        nic.counter(dropped + why).increment();
        nic.postReceive(1);
    }

    /** Data into a host buffer, nothing waiting for its end; {@code with}: cycles charged with the DMA's start. */
    public void data(int bytes, int host, Object payload, long with) {
        nic.cycles(with + c.dma());
        dma.toHost(bytes, host, payload, null);
    }

    /**
     * The entry that tells the host (its flag last, written by the same DMA): {@link #landed} follows with
     * {@code landed} once it is in host memory; {@code with}: cycles charged with the DMA's start.
     */
    public void entry(int bytes, int host, Object payload, long with, R landed) {
        nic.cycles(with + c.dma());
        dma.toHost(bytes, host, payload, landed);
        if (interrupts != null && interrupts.enabled()) {
            nic.cycles(c.flag()); // the entry's interrupt bit: the interrupt goes once the entry has landed
        }
    }

    @Override
    public void dmaDone(R completion) {
        landed(completion);
    }

    /** An entry is in host memory: its SRAM buffer goes back to the receive DMA, then the host may be interrupted. */
    public void landed(R entry) {
        nic.postReceive(1);
        if (interrupts != null) {
            interrupts.delivered();
        }
        if (landing != null) {
            landing.landed(entry);
        }
    }
}
