package org.nowemu.protocol.parts.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.support.AmNets;

/**
 * Each translation choice on ppro, one 4 KB page (the profile's page) moved twice: the first use misses and costs
 * what the mechanism does, the second hits and costs nothing beyond the lookup every transfer makes. The costs, from
 * the ppro profile and nowemu.protocol.translation: a host cycle 5 ns; a LANai cycle 30.303 ns (8 cycles 242,424 ps,
 * 5 cycles 151,515 ps, 20 cycles 606,061 ps); a pin call 1.5 us plus 1 us a page; an interrupt to the kernel 10 us;
 * a write-combined PIO line of 2 words 139 ns + 8 B at 132 MB/s = 199,606 ps; a consistent DMA read 500 ns + bytes
 * at 123 MB/s (8 B: 65,041 ps); memcpy 57 MB/s.
 */
class AddressTranslationTest {
    private static final ConfigReader R = AmNets.config("nowemu.hardware.profile = ppro");
    private static final HardwareProfile PPRO = HardwareProfile.read(R);
    private static final TranslationSettings S = TranslationSettings.read(R);
    private final TranslationCosts costs = new TranslationCosts(PPRO);

    private AddressTranslation part(TranslationChoice c) {
        return new AddressTranslation(c, S, PPRO.host().pageSize());
    }

    /**
     * User translates (BIP, LFC). Miss: the library's lookup (10 cycles, 50,000 ps) and the module's pin-and-translate
     * call for the page (1.5 + 1 us): 2,550,000 ps, all on the host; the NIC does nothing. Hit: the lookup alone.
     */
    @Test
    void userTranslatesPinsOnFirstUseOnly() {
        AddressTranslation t = part(TranslationChoice.USER);
        Translated miss = t.translate(0, 4096);
        assertEquals(List.of(new Step.HostCycles(10), new Step.HostPin(1)), miss.library());
        assertEquals(List.of(), miss.nic());
        assertEquals(2_550_000, costs.ps(miss));
        Translated hit = t.translate(0, 4096);
        assertEquals(0, hit.pinned());
        assertEquals(50_000, costs.ps(hit));
    }

    /**
     * UTLB (VMMC-2). Miss: on the host the lookup and the pin (2,550,000 ps, as for the user's cache); on the NIC its
     * cache lookup (242,424), the entry fetched by host DMA (the engine's 5 cycles 151,515 + 500,000 start-up + 8 B
     * 65,041 = 716,556) and taken in (606,061): 4,115,041 ps in all, no interrupt. Hit: 50,000 + 242,424.
     */
    @Test
    void utlbMissFetchesTheEntryByDmaWithoutTheHost() {
        AddressTranslation t = part(TranslationChoice.UTLB);
        Translated miss = t.translate(0, 4096);
        assertEquals(List.of(new Step.NicCycles(8), new Step.EntryFetch(8), new Step.NicCycles(20)), miss.nic());
        assertEquals(4_115_041, costs.ps(miss));
        Translated hit = t.translate(0, 4096);
        assertEquals(0, hit.misses());
        assertEquals(292_424, costs.ps(hit));
    }

    /**
     * Software TLB on the NIC (VMMC, PM). Miss: the NIC's lookup (242,424), the interrupt to the kernel (10 us), the
     * kernel pins the page (2.5 us) and writes the entry's 2 words by PIO (199,606), the NIC takes it in (606,061):
     * 13,548,091 ps. The library does nothing. Hit: the lookup, 242,424.
     */
    @Test
    void nicTlbMissInterruptsTheHostWhichPinsAndInstalls() {
        AddressTranslation t = part(TranslationChoice.NIC_TLB);
        Translated miss = t.translate(0, 4096);
        assertEquals(List.of(), miss.library());
        assertEquals(List.of(new Step.NicCycles(8), new Step.Interrupt(), new Step.HostPin(1), new Step.PioInstall(2),
                new Step.NicCycles(20)), miss.nic());
        assertEquals(13_548_091, costs.ps(miss));
        Translated hit = t.translate(0, 4096);
        assertEquals(0, hit.misses());
        assertEquals(242_424, costs.ps(hit));
    }

    /**
     * DMA areas (AM-II, FM): the area was pinned at set-up, nothing misses, and every transfer pays the copy into it,
     * the first as the second: 4096 B at 57 MB/s, 71,859,649 ps.
     */
    @Test
    void dmaAreaCopiesOnEveryTransferAndNeverMisses() {
        AddressTranslation t = part(TranslationChoice.DMA_AREA);
        for (int i = 0; i < 2; i++) {
            Translated x = t.translate(0, 4096);
            assertEquals(0, x.pinned() + x.misses());
            assertEquals(71_859_649, costs.ps(x));
        }
    }

    /**
     * A buffer that straddles pages needs each: 100 B at 4090 touch pages 0 and 1, so the user's first use pins two
     * pages in one call (1.5 + 2 x 1 us) after two lookups (100 ns): 3,600,000 ps.
     */
    @Test
    void aStraddlingBufferPinsBothPagesInOneCall() {
        Translated x = part(TranslationChoice.USER).translate(4090, 100);
        assertEquals(2, x.pages());
        assertEquals(3_600_000, costs.ps(x));
    }

    /**
     * The NIC's caches are bounded and forget the least recently used entry, but the page stays pinned: with room
     * for two, pages 0, 1, 2 push 0 out; 0 again misses on the NIC. The UTLB fetches it again by DMA without pinning
     * (the host table still has it); the NIC TLB interrupts again but pins nothing new.
     */
    @Test
    void nicCachesEvictTheLeastRecentlyUsedAndNeverPinTwice() {
        TranslationSettings two = new TranslationSettings(2, 2, 10, 8, 20, 8, 2);
        for (TranslationChoice c : List.of(TranslationChoice.UTLB, TranslationChoice.NIC_TLB)) {
            AddressTranslation t = new AddressTranslation(c, two, 4096);
            t.translate(0, 1);
            t.translate(4096, 1);
            t.translate(0, 1); // 0 is now the most recent: 1 goes next
            t.translate(8192, 1);
            assertEquals(0, t.translate(0, 1).misses(), c + ": 0 stayed");
            Translated again = t.translate(4096, 1);
            assertEquals(1, again.misses(), c + ": 1 was evicted");
            assertEquals(0, again.pinned(), c + ": and is still pinned");
        }
    }

    @Test
    void choicesByName() {
        assertEquals(TranslationChoice.UTLB, TranslationChoice.of("utlb"));
        assertNull(TranslationChoice.of("tlb"));
        assertEquals("dma-area, nic-tlb, utlb, user", TranslationChoice.names());
    }
}
