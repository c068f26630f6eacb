package org.nowemu.protocol.hamlyn;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.basic.Basic;
import org.nowemu.protocol.basic.OnBasic;

/**
 * Hamlyn's host interface (systems §11.2; names [E]): sender-based remote memory. Each receiver's message
 * area (pinned, its base and size on its NIC) grants every sender a share of {@link #areaShare} bytes at start (the
 * capability exchange, out of band, is not modelled); {@link #send} writes data at an offset of the destination's
 * share that the sender chooses (it knows from its own agreement with the receiver which parts are free); the
 * receiving NIC checks the offset, DMAs the data there and appends a notification entry that {@link #poll} finds.
 * Small sends go by PIO into the NIC, large ones are copied into the sender's own DMA area and fetched by DMA.
 */
public final class Hamlyn extends OnBasic {
    /** What a notification tells the program: who wrote, where, what. */
    @FunctionalInterface
    public interface Handler {
        void notified(int src, int offset, byte[] data);
    }

    private final long share;

    Hamlyn(Basic b, long share) {
        super(b);
        this.share = share;
    }

    /** Bytes of each receiver's message area this sender may write. */
    public long areaShare() {
        return share;
    }

    /** The most data one send carries (bytes). */
    public int maxSend() {
        return b.maxPayload() - 4;
    }

    /** Writes {@code data} at {@code offset} of this sender's share of {@code dest}'s message area. */
    @continuable
    public void send(int dest, int offset, byte[] data) {
        if (offset < 0 || offset + (long) data.length > share) {
            throw new IllegalArgumentException("hamlyn: offset " + offset + " + " + data.length
                    + " bytes lies outside the " + share + "-byte share of host " + dest + "'s area");
        }
        byte[] p = new byte[4 + data.length];
        ByteBuffer.wrap(p).putInt(offset).put(data);
        b.send(dest, p);
    }

    public void setHandler(Handler h) {
        b.setHandler((src, payload) -> h.notified(src, ByteBuffer.wrap(payload).getInt(),
                Arrays.copyOfRange(payload, 4, payload.length)));
    }
}
