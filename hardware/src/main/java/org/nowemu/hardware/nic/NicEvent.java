package org.nowemu.hardware.nic;

import org.nowemu.hardware.link.Packet;

/** What the NIC's hardware tells its firmware: the events a {@link Firmware} handles besides its own. */
public sealed interface NicEvent {
    /** How a packet arrived. */
    enum Status { OK, CRC_ERROR, TRUNCATED, MISROUTED, OVERSIZE }

    /**
     * The receive DMA has put a whole packet into one posted SRAM buffer (which it used up).
     *
     * @param packet the packet as sent (its body is the sender's; {@code status} says whether it arrived intact)
     * @param status OK, or why it must be dropped
     */
    record PacketReceived(Packet packet, Status status) implements NicEvent {
    }

    /** The send DMA has put the packet's tail on the wire; its SRAM buffer may be reused. */
    record PacketSent(long packetId) implements NicEvent {
    }

    /** A host DMA transfer the firmware asked for has completed. */
    record DmaDone(long tag) implements NicEvent {
    }

    /** A firmware timer set with {@link NicContext#timer} has expired. */
    record Timer(Object tag) implements NicEvent {
    }

    /**
     * A host thread's programmed-I/O write has reached NIC memory (a doorbell, a descriptor, a short message).
     *
     * @param payload what was written
     * @param thread  the writing host thread's component id
     */
    record HostWrite(Object payload, int thread) implements NicEvent {
    }
}
