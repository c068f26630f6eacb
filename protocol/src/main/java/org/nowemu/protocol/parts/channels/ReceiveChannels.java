package org.nowemu.protocol.parts.channels;

import java.util.HashMap;

/**
 * The receive channel table: for each source NIC and channel, the sequence bit expected next, the epoch it
 * belongs to, and how the last packet accepted was answered. A packet of a new epoch (its sender reset the channel)
 * is accepted and starts the new sequence. A channel that has accepted nothing yet (at start, after this NIC's
 * power cycle, or after its source's, which {@link #forget}s it) takes its first packet whatever the bit: the
 * sender's side may be mid-sequence. A duplicate must get the answer its original got (an ACK's status: a message
 * refused as BAD_ENDPOINT must not be acknowledged as delivered when its retransmission comes), or none yet if
 * the original's is still to come ({@link #PENDING}).
 */
public final class ReceiveChannels {
    /** The last packet accepted on the channel has not been answered yet (its entry is on its way to the host). */
    public static final int PENDING = -1;

    private final int channels;
    private final int nics;
    /**
     * Per source heard from: the bit expected next on each channel, then each channel's epoch, then the status the
     * last packet accepted on it was answered with. Sparse, like the send side's table ({@link SendChannels}); only
     * looked up.
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

    /** Records the packet as accepted and answered with status 0: the next one carries the other bit. */
    public void accept(int source, int channel, int seq, int ep) {
        accept(source, channel, seq, ep, 0);
    }

    /** Records the packet as accepted, answered with {@code status} ({@link #PENDING}: to be answered). */
    public void accept(int source, int channel, int seq, int ep, int status) {
        int[] t = of(source);
        t[channels + channel] = ep;
        t[channel] = seq ^ 1;
        t[2 * channels + channel] = status;
    }

    /**
     * The packet accepted last on the channel, with this bit and epoch, has been answered with {@code status}; if
     * the channel has moved on since (its source restarted), nothing changes.
     */
    public void answered(int source, int channel, int seq, int ep, int status) {
        int[] t = sources.get(source);
        if (t != null && valid(source, channel) && t[channels + channel] == ep && t[channel] == (seq ^ 1)) {
            t[2 * channels + channel] = status;
        }
    }

    /** How the last packet accepted on the channel was answered (a status, or {@link #PENDING}). */
    public int answer(int source, int channel) {
        return of(source)[2 * channels + channel];
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
            t = new int[3 * channels];
            // No epoch yet: the first packet is new whatever its epoch and bit (epochs are 0..255).
            java.util.Arrays.fill(t, channels, 2 * channels, -1);
            sources.put(source, t);
        }
        return t;
    }
}
