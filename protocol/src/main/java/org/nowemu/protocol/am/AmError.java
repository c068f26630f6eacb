package org.nowemu.protocol.am;

/**
 * The AM-II error codes. Those a call can detect on the spot are thrown as {@link AmException}; those found on
 * the way (at the NIC, at the receiver, by the transport) come back with the returned message to the sending
 * endpoint's error handler.
 */
public enum AmError {
    /** Arguments out of range: an argument count, a negative size, a null buffer. */
    BAD_ARGUMENTS,
    /** A translation-table index that is out of range or not mapped. */
    BAD_ENTRY,
    /** The destination endpoint's tag differs from the tag the sender used. */
    BAD_TAG,
    /** A handler index out of range, or no handler registered under it at the receiver. */
    BAD_HANDLER,
    /** A bulk transfer beyond the receiver's memory region. */
    BAD_SEGMENT_OFFSET,
    /** A message longer than a medium message may be. */
    BAD_LENGTH,
    /** An endpoint that does not exist, or belongs to another process. */
    BAD_ENDPOINT,
    /** The receiver kept refusing the message for lack of room. */
    CONGESTION,
    /** No acknowledgement after the transport's last retransmission, or no route to the destination. */
    UNREACHABLE;

    private static final AmError[] VALUES = values();

    /** The code on the wire: 0 means no error. */
    public int code() {
        return ordinal() + 1;
    }

    /** The error for a wire code, or null for 0 (no error). */
    public static AmError of(int code) {
        if (code <= 0 || code > VALUES.length) {
            return null;
        }
        return VALUES[code - 1];
    }
}
