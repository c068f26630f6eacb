/**
 * The mechanisms communication systems are made of, one a file, each in the package of its kind.
 *
 * <p>Firmware parts, extracted from the VN transport and typed on its header and host entries: each keeps its own
 * state, charges its own LANai cycles and counts its own events on the NIC it is given ({@link
 * org.nowemu.protocol.parts.CurrentNic}), takes its inputs as method calls and hands its outputs to the parts or
 * small interfaces it was built with (a DMA's completion comes back to the part that started it as a named record,
 * {@link org.nowemu.protocol.parts.dma.HostDmas.Client}; a part that needs a timer is given the tag to set, and the
 * firmware routes the tag back to it). A firmware is a composition: it builds its parts, wires them and runs the
 * dispatch loop that hands each event to the part it is for ({@code org.nowemu.protocol.am.vn.VnFirmware} composes
 * all of these). Parts live inside one firmware, on one component: they share objects (the endpoint table, the
 * channel table) with each other, never with another component.
 *
 * <p>Parts of the comparison systems: {@code host} (the host thread of a system's process, and the costs of host
 * operations in one place), {@code ring} (descriptor rings in NIC SRAM with ready and free flags, both sides),
 * {@code staging} (pinned host DMA areas with arrival flags), {@code credits} (host-level credits with a return
 * threshold), {@code steps} (the per-operation costs every system's firmware and library are made of),
 * {@code ledger} (message ids), {@code system} (the one process per NIC of a system without protection) and
 * {@code bench} (the latency and
 * bandwidth benchmarks, written once against a {@code Messenger} that each system adapts).
 */
package org.nowemu.protocol.parts;
