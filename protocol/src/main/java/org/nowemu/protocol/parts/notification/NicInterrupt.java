package org.nowemu.protocol.parts.notification;

/** A NIC interrupt, told to the host thread (Trapeze, U-Net, VMMC and VMMC-2 raise this one). */
public record NicInterrupt() implements InterruptEvent {
}
