package org.nowemu.protocol.parts.ring;

/**
 * A descriptor ring in NIC SRAM as the host library fills it ({@link DescriptorRing} is the NIC's side): the
 * tail, where the next entry goes; what the library knows of each entry's free flag (every entry is free at start;
 * one it filled is not, until a read of its flag shows the NIC has freed it); and the image of the flags as they
 * stand in SRAM, which follows the NIC's {@link FreeFlag} writes and is looked at only by {@link #read}, the
 * library's programmed-I/O read of the flag at the tail (whose bus time the caller charges).
 */
public final class RingTail {
    private final boolean[] known;
    private final boolean[] sram;
    private int tail;

    /** @param entries the ring's length */
    public RingTail(int entries) {
        known = new boolean[entries];
        sram = new boolean[entries];
        java.util.Arrays.fill(known, true);
        java.util.Arrays.fill(sram, true);
    }

    /** Whether the library knows the entry at the tail to be free (no read needed). */
    public boolean tailFree() {
        return known[tail];
    }

    /** The library has read the free flag of the entry at the tail across the bus; returns whether it is free. */
    public boolean read() {
        known[tail] = sram[tail];
        return known[tail];
    }

    /** The NIC has set entry {@code index}'s free flag in SRAM. */
    public void freed(int index) {
        sram[index] = true;
    }

    /** Fills the entry at the tail (which must be known free) and moves the tail on; returns its index. */
    public int claim() {
        if (!known[tail]) {
            throw new IllegalStateException("entry " + tail + " claimed before a read showed it free");
        }
        int i = tail;
        known[i] = false;
        sram[i] = false;
        tail = (tail + 1) % known.length;
        return i;
    }

    /** The index of the entry at the tail. */
    public int tail() {
        return tail;
    }
}
