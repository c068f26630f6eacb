package org.nowemu.protocol.parts.staging;

/**
 * What one host DMA from the NIC writes into a pinned staging area: the content of slot {@code slot} of area
 * {@code area}, and, last (the DMA writes in address order and the flag sits at the end), the slot's arrival flag.
 *
 * @param area    which area of the process (a system may have several: data, control)
 * @param slot    the slot
 * @param content what the slot now holds (a packet's body, as the wire carried it)
 */
public record Arrival(int area, int slot, byte[] content) {
}
