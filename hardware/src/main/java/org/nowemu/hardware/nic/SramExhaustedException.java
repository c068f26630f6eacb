package org.nowemu.hardware.nic;

/** An SRAM allocation that does not fit: the firmware or its configuration asks for more than the NIC has. */
public final class SramExhaustedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SramExhaustedException(String message) {
        super(message);
    }
}
