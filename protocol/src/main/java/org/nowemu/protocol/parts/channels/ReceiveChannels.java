package org.nowemu.protocol.parts.channels;

/**
 * The receive channel table: for each source NIC and channel, the sequence bit expected next and the epoch it
 * belongs to. A packet of a new epoch (its sender reset the channel) is accepted and starts the new sequence. A
 * channel that has accepted nothing yet (at start, after this NIC's power cycle, or after its source's, which
 * {@link #forget}s it) takes its first packet whatever the bit: the sender's side may be mid-sequence.
 */
public final class ReceiveChannels {
    private final int channels;
    private final int[][] expected;
    private final int[][] epoch;

    public ReceiveChannels(int nics, int k) {
        this.channels = 2 * k;
        expected = new int[nics][];
        epoch = new int[nics][];
    }

    /** Whether a packet with this sequence bit and epoch is new (else a duplicate of one already accepted). */
    public boolean isNew(int source, int channel, int seq, int ep) {
        if (!valid(source, channel)) {
            return false;
        }
        init(source);
        return epoch[source][channel] != ep || expected[source][channel] == seq;
    }

    /** Records the packet as accepted: the next one carries the other bit. */
    public void accept(int source, int channel, int seq, int ep) {
        init(source);
        epoch[source][channel] = ep;
        expected[source][channel] = seq ^ 1;
    }

    public boolean valid(int source, int channel) {
        return source >= 0 && source < expected.length && channel >= 0 && channel < channels;
    }

    /** The source has restarted (a power cycle): its channels start afresh, so ours do too. */
    public void forget(int source) {
        if (source >= 0 && source < expected.length) {
            expected[source] = null;
            epoch[source] = null;
        }
    }

    private void init(int source) {
        if (expected[source] == null) {
            expected[source] = new int[channels];
            epoch[source] = new int[channels];
            // No epoch yet: the first packet is new whatever its epoch and bit (epochs are 0..255).
            java.util.Arrays.fill(epoch[source], -1);
        }
    }
}
