/**
 * The mechanisms NIC firmware is made of, one a file, extracted from the VN transport and typed on its header and
 * host entries: each part keeps its own state, charges its own LANai cycles and counts its own events on the NIC it
 * is given ({@link org.nowemu.protocol.parts.CurrentNic}), takes its inputs as method calls and hands its outputs
 * to the parts or small interfaces it was built with (a DMA's completion comes back to the part that started it as a
 * named record, {@link org.nowemu.protocol.parts.dma.HostDmas.Client}; a part that needs a timer is given the tag
 * to set, and the firmware routes the tag back to it). A firmware is a composition: it builds its parts, wires them
 * and runs the dispatch loop that hands each event to the part it is for ({@code org.nowemu.protocol.vn.VnFirmware}
 * composes all of these). Parts live inside one firmware, on one component: they share objects (the endpoint
 * table, the channel table) with each other, never with another component.
 */
package org.nowemu.protocol.parts;
