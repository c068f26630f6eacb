package org.nowemu.protocol.parts.notification;

/**
 * What a NIC's interrupt is to the host thread it is raised for ({@link NicInterrupts}): the library thread counts
 * it pending until the program takes it as a dispatch on its CPU. A system's own interrupt record implements it
 * (LFC's keeps its name: events are hashed by type name); the others tell {@link NicInterrupt}.
 */
public interface InterruptEvent {
}
