package org.nowemu.actors.runtime;

/** The emulation itself failed (a model error, a broken runtime invariant): the run exits with code 1. */
public final class EmulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EmulationException(String message) {
        super(message);
    }
}
