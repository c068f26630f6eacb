/**
 * Control transfer: polling, interrupts and the polling watchdog. Used by LFC (any system that interrupts could).
 */
package org.nowemu.protocol.parts.notification;
