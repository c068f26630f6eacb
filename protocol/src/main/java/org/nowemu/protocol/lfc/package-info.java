/**
 * LFC (systems §10): PIO sends into NIC SRAM send buffers, the user translates (the NIC only ever DMAs into
 * the pinned receive ring, whose physical address the library hands it at start), NIC-level credits for unicast and
 * multicast, a host receive ring whose packets stay held in SRAM (their buffer and its credit too) while it is full,
 * multicast forwarded by the NICs along a spanning tree, and polling, interrupts or the polling watchdog.
 */
package org.nowemu.protocol.lfc;
