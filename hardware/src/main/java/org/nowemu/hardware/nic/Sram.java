package org.nowemu.hardware.nic;

/**
 * The NIC's SRAM as an allocator of named regions: firmware tables, packet buffers, endpoint frames. Only sizes
 * are tracked (contents travel in messages); what matters is that everything fits, and an allocation that does
 * not is refused with a message naming the NIC, the request and the capacity.
 */
public final class Sram {
    /** A region handed out by {@link #allocate}. */
    public record Region(String what, long bytes) {
    }

    private final String nic;
    private final long capacity;
    private final long reserved;
    private long used;

    /**
     * @param nic      the NIC's name, for messages
     * @param capacity SRAM size (bytes)
     * @param reserved bytes the firmware code and fixed state take from the start
     */
    public Sram(String nic, long capacity, long reserved) {
        this.nic = nic;
        this.capacity = capacity;
        this.reserved = reserved;
        this.used = reserved;
    }

    /** The same SRAM with nothing allocated beyond the reserved part: what a firmware finds after a power cycle. */
    public Sram fresh() {
        return new Sram(nic, capacity, reserved);
    }

    public Region allocate(String what, long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException(nic + ": allocation of " + bytes + " B for " + what);
        }
        if (bytes > capacity - used) {
            throw new SramExhaustedException(nic + ": SRAM cannot hold " + what + " (" + bytes + " B): " + used + " B of "
                    + capacity + " B already in use, " + (capacity - used) + " B free");
        }
        used += bytes;
        return new Region(what, bytes);
    }

    public void free(Region r) {
        used -= r.bytes();
    }

    public long used() {
        return used;
    }

    public long capacity() {
        return capacity;
    }
}
