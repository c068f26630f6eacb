package org.nowemu.protocol.am;

/** An AM-II call refused on the spot, with its code and what was wrong. */
public final class AmException extends RuntimeException {
    private final AmError error;

    public AmException(AmError error, String message) {
        super(error + ": " + message);
        this.error = error;
    }

    public AmError error() {
        return error;
    }
}
