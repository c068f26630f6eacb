package org.nowemu.protocol.parts.translation;

import org.nowemu.actors.config.ConfigReader;

/**
 * What the translation choices cost and hold beyond the hardware profile's pinning, interrupt and bus costs
 * ({@code nowemu.protocol.translation}).
 *
 * @param nicTlbEntries    pages the NIC's software TLB holds (NIC_TLB)
 * @param utlbCacheEntries entries of the UTLB the NIC caches (UTLB); the table in host memory holds every page
 * @param hostLookupCycles one page looked up in the library's cache or table (host cycles)
 * @param nicLookupCycles  one page looked up in the NIC's TLB or UTLB cache (LANai cycles)
 * @param nicMissCycles    the NIC taking in a missing entry: its slot chosen, the entry written (LANai cycles)
 * @param entryBytes       one translation entry (bytes): a UTLB fetch moves this much
 * @param installWords     words the kernel writes into the NIC's TLB per entry
 */
public record TranslationSettings(int nicTlbEntries, int utlbCacheEntries, int hostLookupCycles,
                                  int nicLookupCycles, int nicMissCycles, int entryBytes, int installWords) {
    public static final String ROOT = "nowemu.protocol.translation.";

    public static TranslationSettings read(ConfigReader r) {
        return new TranslationSettings(r.intIn(ROOT + "nic-tlb-entries", 1, 1 << 20),
                r.intIn(ROOT + "utlb-cache-entries", 1, 1 << 20),
                r.intIn(ROOT + "host-lookup-cycles", 0, 1_000_000),
                r.intIn(ROOT + "nic-lookup-cycles", 0, 1_000_000),
                r.intIn(ROOT + "nic-miss-cycles", 0, 1_000_000),
                (int) r.bytes(ROOT + "entry-bytes", 4, 4096),
                r.intIn(ROOT + "install-words", 1, 64));
    }
}
