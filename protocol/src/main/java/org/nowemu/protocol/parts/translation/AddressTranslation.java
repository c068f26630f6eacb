package org.nowemu.protocol.parts.translation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Address translation for one process and its NIC, as one of the four {@link TranslationChoice}s: given a buffer
 * (virtual address and length) a transfer moves, the steps that give the NIC its physical addresses, updating what
 * the choice caches. Pages are never unpinned (systems §5.4: BIP keeps them; the NIC's caches only forget
 * entries, the pages stay pinned). The NIC's TLB and UTLB cache evict their least recently used entry; the
 * library's cache and the UTLB's host table hold every page. Caches are looked up and evicted in access order,
 * never iterated by hash, so a run is deterministic.
 *
 * <p>Inputs: a buffer per transfer. Outputs: {@link Translated}, the library's and the NIC's steps.
 */
public final class AddressTranslation {
    private final TranslationChoice choice;
    private final TranslationSettings s;
    private final long pageSize;
    /** Pages pinned, with their physical addresses known to the library (USER) or in the host table (UTLB). */
    private final HashSet<Long> pinned = new HashSet<>();
    /** The NIC's TLB or UTLB cache: page to nothing, in access order (the eldest is evicted). */
    private final LinkedHashMap<Long, Boolean> nicCache;

    /**
     * @param choice   the mechanism
     * @param s        its costs and sizes
     * @param pageSize the profile's page size (bytes)
     */
    public AddressTranslation(TranslationChoice choice, TranslationSettings s, long pageSize) {
        this.choice = choice;
        this.s = s;
        this.pageSize = pageSize;
        int capacity = choice == TranslationChoice.NIC_TLB ? s.nicTlbEntries() : s.utlbCacheEntries();
        this.nicCache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    public TranslationChoice choice() {
        return choice;
    }

    /** Pages of {@code bytes} bytes from virtual address {@code va} (at least one). */
    public int pagesOf(long va, int bytes) {
        long first = va / pageSize;
        long last = (va + Math.max(1, bytes) - 1) / pageSize;
        return (int) (last - first + 1);
    }

    /** Translates the buffer of {@code bytes} bytes at virtual address {@code va} for one transfer. */
    public Translated translate(long va, int bytes) {
        long first = va / pageSize;
        int pages = pagesOf(va, bytes);
        List<Step> library = new ArrayList<>();
        List<Step> nic = new ArrayList<>();
        int pinnedNow = 0;
        int misses = 0;
        switch (choice) {
            case DMA_AREA -> library.add(new Step.HostCopy(bytes));
            case USER, UTLB -> {
                // The library keeps each buffer's list of (physical address, length) pairs: one lookup finds it.
                library.add(new Step.HostCycles(s.hostLookupCycles()));
                for (long p = first; p < first + pages; p++) {
                    if (pinned.add(p)) {
                        pinnedNow++;
                    }
                }
                if (pinnedNow > 0) {
                    library.add(new Step.HostPin(pinnedNow));
                }
                if (choice == TranslationChoice.UTLB) {
                    nic.add(new Step.NicCycles((long) s.nicLookupCycles() * pages));
                    for (long p = first; p < first + pages; p++) {
                        if (nicCache.get(p) == null) {
                            misses++;
                            nic.add(new Step.EntryFetch(s.entryBytes()));
                            nic.add(new Step.NicCycles(s.nicMissCycles()));
                            nicCache.put(p, Boolean.TRUE);
                        }
                    }
                }
            }
            case NIC_TLB -> {
                nic.add(new Step.NicCycles((long) s.nicLookupCycles() * pages));
                for (long p = first; p < first + pages; p++) {
                    if (nicCache.get(p) == null) {
                        misses++;
                        if (pinned.add(p)) {
                            pinnedNow++;
                        }
                        nic.add(new Step.Interrupt());
                        nic.add(new Step.HostPin(1));
                        nic.add(new Step.PioInstall(s.installWords()));
                        nic.add(new Step.NicCycles(s.nicMissCycles()));
                        nicCache.put(p, Boolean.TRUE);
                    }
                }
            }
            default -> throw new IllegalStateException("translation: " + choice);
        }
        return new Translated(pages, pinnedNow, misses, library, nic);
    }
}
