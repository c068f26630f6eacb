package org.nowemu.hardware.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;

class HardwareProfileTest {
    private static HardwareProfile read(String hocon) {
        return HardwareProfile.read(new ConfigReader(ConfigFactory.parseString(hocon)
                .withFallback(ConfigFactory.defaultReference()).resolve()));
    }

    /** ppro: LANai at 33 MHz (30,303 ps a cycle), 1 MiB SRAM, PCI, 1.28 Gbit/s = 160 MB/s links (6,250 ps a byte). */
    @Test
    void thePentiumProProfileHasItsOwnNicBusAndClock() {
        HardwareProfile p = read("nowemu.hardware.profile = ppro");
        assertEquals("pci", p.bus().kind());
        assertEquals(30_303, p.nic().lanai().cycles(1));
        assertEquals(1024 * 1024, p.nic().sramBytes());
        assertEquals(6_250, p.link().rate().psFor(1));
        assertEquals(5_000, p.host().cpu().cycles(1), "200 MHz");
    }

    /**
     * A copy out of a DMA area into a buffer that fits ppro's 256 KB cache runs at the cached rate (171 MB/s: 64 KB in
     * 383 us); into a larger buffer it misses the cache and runs at the memory copy rate (57 MB/s: 64 KB in 1,150 us).
     */
    @Test
    void aCopyIntoABufferLargerThanTheCacheRunsAtTheMemoryRate() {
        HostSettings h = read("nowemu.hardware.profile = ppro").host();
        assertEquals(256 * 1024, h.cacheSize());
        assertEquals(h.cachedCopy(), h.copyFromDma(256 * 1024));
        assertEquals(h.memoryCopy(), h.copyFromDma(256 * 1024 + 1));
        assertEquals(383.3, h.copyFromDma(64 * 1024).psFor(65_536) / 1e6, 0.1);
        assertEquals(1149.8, h.copyFromDma(512 * 1024).psFor(65_536) / 1e6, 0.1);
    }

    @Test
    void theNowProfileIsTheDefault() {
        HardwareProfile p = read("");
        assertEquals("now", p.name());
        assertEquals("sbus", p.bus().kind());
        assertEquals(26_667, p.nic().lanai().cycles(1));
        assertEquals(7, p.nic().endpointFrames());
        assertEquals(8, p.switches().ports());
    }

    @Test
    void aRateWithoutAUnitIsRefusedNamingTheKey() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> read("nowemu.hardware.profiles.now.link.rate = 160"));
        assertTrue(e.getMessage().startsWith("nowemu.hardware.profiles.now.link.rate: expected a rate like 160MB/s"),
                e.getMessage());
    }

    @Test
    void anUnknownProfileListsTheKnownOnes() {
        BadInputException e = assertThrows(BadInputException.class, () -> read("nowemu.hardware.profile = cm5"));
        assertTrue(e.getMessage().startsWith("nowemu.hardware.profile: unknown hardware profile 'cm5'; known: now, ppro"),
                e.getMessage());
    }

    /** The crossbar is the last stage of the fall-through, so it must be shorter than the whole. */
    @Test
    void aCrossbarAsLongAsTheFallThroughIsRefused() {
        assertEquals(31_250, read("").switches().crossbar());
        BadInputException e = assertThrows(BadInputException.class,
                () -> read("nowemu.hardware.profiles.now.switch.crossbar = 300ns"));
        assertTrue(e.getMessage().startsWith("nowemu.hardware.profiles.now.switch.crossbar: must be shorter than the"
                + " fall-through (300.000ns), of which it is the last stage"), e.getMessage());
    }
}
