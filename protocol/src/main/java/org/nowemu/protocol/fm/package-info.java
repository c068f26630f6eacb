/**
 * Illinois Fast Messages (systems §2, §3): what FM 1.x ({@code fm1}) and FM 2.x ({@code fm2}) share. The NIC
 * runs {@link org.nowemu.protocol.fm.FmFirmware}: it sends packets straight from send slots the host fills by PIO,
 * and DMAs received packets into the next slot of a pinned host receive area without checking for room. The host
 * library's {@link org.nowemu.protocol.fm.FmCore} keeps host-level credits (each a slot of a receiver's area set
 * aside for this sender; returned in credit packets at a threshold, or on data packets going back), so a slot is
 * always there; link back-pressure protects the NIC's own buffers. That is all of FM's reliability: no sequence
 * numbers, acknowledgements or retransmission; in-order delivery comes from deterministic routes and FIFO
 * processing. FM's messages enter the ledger as sent and handled, so a loss would break it. No protection, polling
 * only, one process per NIC.
 */
package org.nowemu.protocol.fm;
