package org.nowemu.protocol.am.nic;

/**
 * What the NIC tells the host's segment driver: written into kernel memory by DMA (faults, evictions, loads) or
 * raised as an interrupt (events).
 */
public sealed interface DriverEntry {
    /** The endpoint concerned. */
    int endpoint();

    /** A message arrived for {@code endpoint}, which is not resident: it was NACKed; load the endpoint. */
    record Fault(int endpoint) implements DriverEntry {
    }

    /** The NIC chose {@code endpoint} to leave its frame: unmap it from its process, then say so. */
    record Evicting(int endpoint) implements DriverEntry {
    }

    /** {@code endpoint} was created and no frame was free: it lives in host memory until it is touched. */
    record Opened(int endpoint) implements DriverEntry {
    }

    /** {@code endpoint} is now resident (a new endpoint that found a free frame, or one the driver asked for). */
    record Loaded(int endpoint) implements DriverEntry {
    }

    /** A message landed in an empty receive queue of {@code endpoint}, whose events are on. */
    record Interrupt(int endpoint) implements DriverEntry {
    }
}
