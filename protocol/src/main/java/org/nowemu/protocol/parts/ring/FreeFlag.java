package org.nowemu.protocol.parts.ring;

/**
 * The NIC has set the free flag of entry {@code index} of ring {@code ring} in its SRAM: it is done with what the
 * host put there. Physically nothing crosses the bus: the NIC writes its own memory. The message only lets the
 * host's view of that memory ({@link RingTail}) follow it, and the host library reads that view solely through a
 * programmed-I/O read it pays for, so the host learns of the flag no earlier, and no cheaper, than a real read would.
 *
 * @param ring  which ring of the NIC (a system may have several)
 * @param index the entry
 */
public record FreeFlag(int ring, int index) {
}
