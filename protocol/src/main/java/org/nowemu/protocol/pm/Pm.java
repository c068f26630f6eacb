package org.nowemu.protocol.pm;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.basic.Basic;
import org.nowemu.protocol.basic.OnBasic;
import org.nowemu.protocol.basic.PacketHandler;

/**
 * PM's host interface (systems §7.2; the real names were not available, these are [E]), on one channel:
 * {@code pm_get_send_buffer} and {@code pm_send} as one {@link #send} (the program builds the message in its
 * buffer of the pinned send area, so the library copies nothing: the NIC fetches it by DMA), {@link #multisend} (the
 * NIC sends one fetched packet to each destination, each with its own sequence numbers and ACKs),
 * {@code pm_receive} as {@link #poll} with a handler per packet of the channel's receive ring, which
 * {@code pm_release} gives back when the handler returns. Packets are variable-sized up to {@link #maxPacket};
 * the program splits longer messages.
 */
public final class Pm extends OnBasic {
    Pm(Basic b) {
        super(b);
    }

    /** The largest packet payload (bytes). */
    public int maxPacket() {
        return b.maxPayload();
    }

    /** Sends {@code data} (one packet) from its send buffer to {@code dest}. */
    @continuable
    public void send(int dest, byte[] data) {
        b.send(dest, data);
    }

    /** PM's multisend: one packet to each of {@code dests}, repeated by the NIC from one fetch. */
    @continuable
    public void multisend(int[] dests, byte[] data) {
        b.multisend(dests, data);
    }

    public void setHandler(PacketHandler handler) {
        b.setHandler(handler);
    }

    public void compute(long cycles) {
        b.compute(cycles);
    }
}
