package org.nowemu.protocol.am.stack;

import java.util.List;
import org.nowemu.actors.config.ConfigReader;

/**
 * Endpoint virtualization ({@code nowemu.protocol.paging}): how the NIC's endpoint frames cache endpoints and what
 * the segment driver (the kernel's part) charges for creating endpoints, taking faults and moving endpoints.
 *
 * @param eviction        which resident endpoint leaves its frame when another needs one: lru (least recently
 *                        active on the NIC), fifo (loaded longest ago) or random (seeded)
 * @param syscallCycles   a call into the driver and back: creating an endpoint, a fault's trap (host cycles)
 * @param faultCycles     the driver's work on a fault: find the endpoint, pick a frame, start the move (host
 *                        cycles)
 * @param remapCycles     re-pointing one page of an endpoint's mapping (host cycles per page)
 * @param pinCycles       pinning or unpinning one page for DMA (host cycles per page)
 * @param pageBytes       a virtual-memory page (bytes); an endpoint fits one, its staging area and bulk region
 *                        take as many as they span
 * @param postCycles      the kernel's interrupt handler posting an endpoint's semaphore (host cycles)
 * @param residencyPs     how long a demand-loaded endpoint keeps its frame once it has made progress (ps): its
 *                        time slice on the NIC, so that more busy endpoints than frames take turns instead of
 *                        evicting each other after a message each
 */
public record PagingSettings(String eviction, long syscallCycles, long faultCycles, long remapCycles, long pinCycles,
                             int pageBytes, long postCycles, long residencyPs) {
    public static final List<String> POLICIES = List.of("lru", "fifo", "random");

    static PagingSettings read(ConfigReader r) {
        String p = StackSettings.ROOT + ".paging.";
        String eviction = r.string(p + "eviction");
        if (!POLICIES.contains(eviction)) {
            throw r.bad(p + "eviction", "unknown eviction policy '" + eviction + "' (known: "
                    + String.join(", ", POLICIES) + ")");
        }
        return new PagingSettings(eviction, r.intIn(p + "syscall-cycles", 0, 1 << 24),
                r.intIn(p + "fault-cycles", 0, 1 << 24), r.intIn(p + "remap-cycles", 0, 1 << 24),
                r.intIn(p + "pin-cycles", 0, 1 << 24), (int) r.bytes(p + "page", 512, 1 << 20),
                r.intIn(p + "post-cycles", 0, 1 << 24), r.duration(p + "residency", 0, 1_000_000_000_000_000L));
    }

    /** Pages that {@code bytes} of host memory span. */
    public int pages(long bytes) {
        return (int) ((bytes + pageBytes - 1) / pageBytes);
    }
}
