/**
 * Control transfer (COMPARISON.md §14.1, "control transfer"): how a host learns that the NIC has put something in
 * its memory. Polling (the library looks at a flag when the program calls it), interrupts (the NIC interrupts the
 * host, which pays the kernel's dispatch or a user-level signal from the profile before the handler runs) and LFC's
 * polling watchdog (the NIC interrupts only when the host has not polled within a period of a delivery).
 */
package org.nowemu.protocol.parts.notification;
