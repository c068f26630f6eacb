/**
 * Control transfer: polling, interrupts as events to the host (NicInterrupts) and the polling watchdog. Used by LFC,
 * Trapeze, U-Net, VMMC and VMMC-2.
 */
package org.nowemu.protocol.parts.notification;
