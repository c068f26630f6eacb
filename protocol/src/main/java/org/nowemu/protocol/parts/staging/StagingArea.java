package org.nowemu.protocol.parts.staging;

/**
 * A pinned host DMA area of fixed slots, each with an arrival flag that the NIC's DMA writes last, as the host
 * library sees it: the NIC fills slots in ring order and the library takes them in the same order, polling the
 * flag of the next one (in cached memory: the poll's cost is the caller's). A slot the library has taken stays
 * held until it releases it (clears its flag); an arrival into a slot that is still flagged or held would overwrite
 * data not yet consumed, which the system's flow control must make impossible: it fails the run, naming the area.
 */
public final class StagingArea {
    private final String name;
    private final byte[][] content;
    private final boolean[] flagged;
    private final boolean[] held;
    private int next;
    private long arrivals;

    /**
     * @param name  for messages
     * @param slots slot count
     */
    public StagingArea(String name, int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException(name + ": an area of " + slots + " slots");
        }
        this.name = name;
        this.content = new byte[slots][];
        this.flagged = new boolean[slots];
        this.held = new boolean[slots];
    }

    /** The NIC's DMA has written slot {@code slot}, flag last. */
    public void arrive(int slot, byte[] bytes) {
        if (flagged[slot] || held[slot]) {
            throw new IllegalStateException(name + ": the NIC overwrote slot " + slot + " before the host had consumed"
                    + " it (arrival " + arrivals + ")");
        }
        content[slot] = bytes;
        flagged[slot] = true;
        arrivals++;
    }

    /** Whether the next slot's flag is set (something arrived there). */
    public boolean ready() {
        return flagged[next];
    }

    /** The index of the next slot in ring order. */
    public int next() {
        return next;
    }

    /** Takes the next slot (which must be flagged): returns its index; it stays held until released. */
    public int take() {
        if (!flagged[next]) {
            throw new IllegalStateException(name + ": slot " + next + " taken before it arrived");
        }
        int s = next;
        flagged[s] = false;
        held[s] = true;
        next = (next + 1) % content.length;
        return s;
    }

    /** What slot {@code slot} holds. */
    public byte[] content(int slot) {
        return content[slot];
    }

    /** The library is done with slot {@code slot}: its flag is clear, the NIC may fill it again. */
    public void release(int slot) {
        if (!held[slot]) {
            throw new IllegalStateException(name + ": slot " + slot + " released but not held");
        }
        held[slot] = false;
        content[slot] = null;
    }

    public int slots() {
        return content.length;
    }

    /** Slots the NIC has written since the start. */
    public long arrivals() {
        return arrivals;
    }
}
