package org.nowemu.protocol.parts.channels;

import java.util.HashMap;

/**
 * The receive channel table: for each source NIC and channel, the sequence bit expected next and the epoch it
 * belongs to. A packet of a new epoch (its sender reset the channel) is accepted and starts the new sequence. A
 * channel that has accepted nothing yet (at start, after this NIC's power cycle, or after its source's, which
 * {@link #forget}s it) takes its first packet whatever the bit: the sender's side may be mid-sequence.
 */
public final class ReceiveChannels {
    private final int channels;
    private final int nics;
    /**
     * Per source heard from: the bit expected next on each channel, then each channel's epoch. Sparse, like the
     * send side's table ({@link SendChannels}); only looked up.
     */
    private final HashMap<Integer, int[]> sources = new HashMap<>();

    public ReceiveChannels(int nics, int k) {
        this.channels = 2 * k;
        this.nics = nics;
    }

    /** Whether a packet with this sequence bit and epoch is new (else a duplicate of one already accepted). */
    public boolean isNew(int source, int channel, int seq, int ep) {
        if (!valid(source, channel)) {
            return false;
        }
        int[] t = of(source);
        return t[channels + channel] != ep || t[channel] == seq;
    }

    /** Records the packet as accepted: the next one carries the other bit. */
    public void accept(int source, int channel, int seq, int ep) {
        int[] t = of(source);
        t[channels + channel] = ep;
        t[channel] = seq ^ 1;
    }

    public boolean valid(int source, int channel) {
        return source >= 0 && source < nics && channel >= 0 && channel < channels;
    }

    /** The source has restarted (a power cycle): its channels start afresh, so ours do too. */
    public void forget(int source) {
        sources.remove(source);
    }

    private int[] of(int source) {
        int[] t = sources.get(source);
        if (t == null) {
            t = new int[2 * channels];
            // No epoch yet: the first packet is new whatever its epoch and bit (epochs are 0..255).
            java.util.Arrays.fill(t, channels, 2 * channels, -1);
            sources.put(source, t);
        }
        return t;
    }
}
