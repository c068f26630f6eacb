package org.nowemu.protocol.parts.translation;

/** What the kernel's PIO install of a missed TLB entry writes into NIC memory: the stalled transfer may go on. */
public record EntryInstalled() {
}
