package org.nowemu.protocol.parts.notification;

/** The host's one-word PIO write enabling or disabling its NIC's interrupts ({@link NicInterrupts#enable}). */
public record InterruptsOn(boolean on) {
}
