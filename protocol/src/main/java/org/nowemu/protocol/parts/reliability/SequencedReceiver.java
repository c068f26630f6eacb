package org.nowemu.protocol.parts.reliability;

import org.nowemu.protocol.parts.channels.ReceiveChannels;

/**
 * The receiving NIC's in-order admission of numbered data packets, per source. With the alternating bit only the
 * number's low bit counts, kept in the AM-II channels' receive table ({@link ReceiveChannels}, one channel per
 * source): a packet with the bit expected is new, one with the other bit a duplicate whose ACK was lost. With
 * ACK/NACK (go-back-N) the full number counts: the one expected is new, an older one a duplicate, a later one
 * came after a discarded one and is discarded too (PM's modified ACK/NACK keeps order so).
 */
public final class SequencedReceiver {
    /** What to do with a data packet. */
    public enum Admission { NEW, DUPLICATE, OUT_OF_ORDER }

    private final boolean oneBit;
    private final ReceiveChannels bits;
    private final int[] expected;

    public SequencedReceiver(int hosts, boolean oneBit) {
        this.oneBit = oneBit;
        this.bits = oneBit ? new ReceiveChannels(hosts, 1) : null;
        this.expected = new int[hosts];
    }

    public Admission admit(int src, int seq) {
        if (oneBit) {
            return bits.isNew(src, 0, seq & 1, 0) ? Admission.NEW : Admission.DUPLICATE;
        }
        int d = seq - expected[src];
        return d == 0 ? Admission.NEW : d < 0 ? Admission.DUPLICATE : Admission.OUT_OF_ORDER;
    }

    /** Packet {@code seq} from {@code src} was taken: the next one is expected. */
    public void taken(int src, int seq) {
        if (oneBit) {
            bits.accept(src, 0, seq & 1, 0);
        }
        expected[src] = seq + 1;
    }

    /**
     * A sender gave this receiver up and numbers on from {@code seq}: expect it, unless what is expected is already
     * later (the mark came again on a resend of a packet since taken). Numbers are never reused, so this only moves
     * forward.
     */
    public void resync(int src, int seq) {
        if (seq - expected[src] > 0) {
            expected[src] = seq;
            if (oneBit) {
                bits.accept(src, 0, (seq & 1) ^ 1, 0);
            }
        }
    }

    /** The number expected next from {@code src} (what a NACK asks for). */
    public int expected(int src) {
        return expected[src];
    }
}
