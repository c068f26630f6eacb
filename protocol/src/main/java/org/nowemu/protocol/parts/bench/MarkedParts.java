package org.nowemu.protocol.parts.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A message cut into the parts a system carries, of at most {@code max} bytes each, its last part marked
 * ({@link LastPart}): what the messengers of the basic protocol, PM and Hamlyn send. The full parts are one buffer
 * the sender reuses; the last is a copy of its length.
 */
public final class MarkedParts {
    private final int max;
    private final byte[] more;
    private final byte[] last;

    /** @param max the largest part (bytes) */
    public MarkedParts(int max) {
        this.max = max;
        this.more = new byte[max];
        this.last = LastPart.marked(max, true);
    }

    /** The parts of a message of {@code bytes} bytes (at least one): full ones while more is left, then the last. */
    public List<byte[]> of(int bytes) {
        return of(bytes, false);
    }

    /** The parts of an acknowledgement of {@code bytes} bytes: as a message's, its last marked an acknowledgement. */
    public List<byte[]> ofAck(int bytes) {
        return of(bytes, true);
    }

    private List<byte[]> of(int bytes, boolean ack) {
        int left = Math.max(1, bytes);
        List<byte[]> parts = new ArrayList<>();
        while (left > max) {
            parts.add(more);
            left -= max;
        }
        parts.add(ack ? LastPart.ack(left) : Arrays.copyOf(last, left));
        return parts;
    }
}
