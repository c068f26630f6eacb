package org.nowemu.protocol.parts.staging;

/**
 * A library's reassembly of messages longer than a packet, one buffer per sender: each packet's bytes are copied
 * in after the last ones, and the message is handed out when its last packet has been. Packets of one sender
 * arrive in order (one route, FIFO links), so a sender has at most one message under way. (Kept out of the
 * libraries' continuable methods, too: javaflow's weaver cannot analyse a byte array element access in one.)
 */
public final class Reassembly {
    private final byte[][] buffer;
    private final int[] filled;

    /** @param senders how many senders (host numbers 0 .. senders - 1) */
    public Reassembly(int senders) {
        this.buffer = new byte[senders][];
        this.filled = new int[senders];
    }

    /**
     * Adds {@code bytes} bytes of {@code packet} from {@code from}, sent by {@code src}, to its message of
     * {@code total} bytes (a new one when {@code first}); returns the whole message after its {@code last}
     * packet, else null.
     */
    public byte[] add(int src, boolean first, boolean last, int total, byte[] packet, int from, int bytes) {
        if (first) {
            buffer[src] = new byte[total];
            filled[src] = 0;
        }
        if (buffer[src] == null || filled[src] + bytes > buffer[src].length) {
            // The message's first packet never came, or this one belongs to a later message whose first was lost:
            // a packet lost on a network the system assumes lossless (FM, FM/MC). Nothing to add it to; the
            // message is lost, and the ledger says to what.
            buffer[src] = null;
            return null;
        }
        System.arraycopy(packet, from, buffer[src], filled[src], bytes);
        filled[src] += bytes;
        if (!last) {
            return null;
        }
        byte[] whole = buffer[src];
        buffer[src] = null;
        return whole;
    }
}
