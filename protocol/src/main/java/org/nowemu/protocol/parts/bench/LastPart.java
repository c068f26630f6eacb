package org.nowemu.protocol.parts.bench;

/**
 * The mark a messenger puts on the parts of a message longer than one of its system's messages: the first byte is
 * 1 on the last part, 0 on the others, so that the receiver counts a message once, when its last part arrives; 2
 * on the last part of an acknowledgement ({@link Messenger#sendAck}).
 * (Apart from the messengers' continuable methods: javaflow's weaver cannot analyse a byte array element access
 * in one.)
 */
public final class LastPart {
    private LastPart() {
    }

    /** A part of {@code length} bytes (at least 1), marked last or not. */
    public static byte[] marked(int length, boolean last) {
        byte[] b = new byte[length];
        b[0] = (byte) (last ? 1 : 0);
        return b;
    }

    /** A part of {@code length} bytes (at least 1), the last of an acknowledgement. */
    public static byte[] ack(int length) {
        byte[] b = new byte[Math.max(1, length)];
        b[0] = 2;
        return b;
    }

    /** Whether {@code part} is marked as a message's last (data or acknowledgement). */
    public static boolean isLast(byte[] part) {
        return part.length > 0 && (part[0] == 1 || part[0] == 2);
    }

    /** Whether {@code part} is marked as an acknowledgement's last. */
    public static boolean isAck(byte[] part) {
        return part.length > 0 && part[0] == 2;
    }
}
