package org.nowemu.protocol.parts.ring;

/**
 * A ring of descriptors in NIC SRAM, the NIC's side: the host fills entries in ring order by programmed I/O and
 * sets each one's ready flag last; the firmware's dispatch loop looks at the entry at its head and takes it once
 * ready. What an entry means is the system's: a packet to send (the basic protocol's send ring, FM's send slots)
 * or a free host buffer to receive into (the basic protocol's receive ring). A ready flag set on an entry still
 * ready is the host overrunning the ring, which its own free-flag bookkeeping ({@link RingTail}) must prevent.
 *
 * @param <T> what an entry holds
 */
public final class DescriptorRing<T> {
    private final String name;
    private final Object[] entries;
    private final boolean[] ready;
    private int head;

    /**
     * @param name    for messages
     * @param entries ring length
     */
    public DescriptorRing(String name, int entries) {
        if (entries < 1) {
            throw new IllegalArgumentException(name + ": a ring of " + entries + " entries");
        }
        this.name = name;
        this.entries = new Object[entries];
        this.ready = new boolean[entries];
    }

    public int size() {
        return entries.length;
    }

    /** The host's write of entry {@code index} has arrived, ready flag last. */
    public void post(int index, T entry) {
        if (ready[index]) {
            throw new IllegalStateException(name + ": the host filled entry " + index + " while it was still ready");
        }
        entries[index] = entry;
        ready[index] = true;
    }

    /** Whether the entry at the head is ready. */
    public boolean hasReady() {
        return ready[head];
    }

    /** The index of the entry at the head. */
    public int head() {
        return head;
    }

    /** The entry at the head (which must be ready), left there. */
    @SuppressWarnings("unchecked")
    public T peek() {
        if (!ready[head]) {
            throw new IllegalStateException(name + ": entry " + head + " looked at before it was ready");
        }
        return (T) entries[head];
    }

    /** Takes the entry at the head (which must be ready) and moves the head on. */
    @SuppressWarnings("unchecked")
    public T take() {
        if (!ready[head]) {
            throw new IllegalStateException(name + ": entry " + head + " taken before it was ready");
        }
        T e = (T) entries[head];
        entries[head] = null;
        ready[head] = false;
        head = (head + 1) % entries.length;
        return e;
    }

    /** Makes every entry ready at once (a receive ring whose buffers the host posted all at start). */
    public void fill(T entry) {
        for (int i = 0; i < entries.length; i++) {
            entries[i] = entry;
            ready[i] = true;
        }
    }
}
