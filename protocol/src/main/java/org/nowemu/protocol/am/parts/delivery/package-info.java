/**
 * Receive-queue entries and data into host memory, the ACK once delivered, interrupts and returned messages. Used by
 * the VN firmware.
 */
package org.nowemu.protocol.am.parts.delivery;
