/**
 * Trapeze (Duke; systems §12): kernel-to-kernel messaging of control messages of at most 128 bytes, each with
 * at most one page-frame payload, sent as one packet. The host writes the control message into a send-ring entry in
 * NIC SRAM by programmed I/O, with the payload frame's DMA address; the NIC DMAs the payload from the frame and sends
 * both. The receiving NIC DMAs the payload into the frame attached to the next receive-ring entry, then the control
 * message, or drops the packet when the ring has no free entry (counted: unreliable, no flow control). Polling or
 * interrupts; no protection; its messages enter the ledger as sent without a promise.
 */
package org.nowemu.protocol.trapeze;
