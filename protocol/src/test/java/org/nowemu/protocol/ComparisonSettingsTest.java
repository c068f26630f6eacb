package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.basic.BasicCluster;
import org.nowemu.protocol.basic.BasicSettings;
import org.nowemu.protocol.fm.FmCluster;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.support.AmNets;

/** The comparison systems' settings: refused in one line naming the key, before anything runs. */
class ComparisonSettingsTest {
    /**
     * 2048 FM 2.x send slots of 1036 B (12-byte header, 1 KB payload) and a 4-byte flag each: 2,129,920 B; with two
     * receive buffers (2072 B) and a routing table of 8 B per host (16 B) the firmware needs 2,132,008 B, more than
     * ppro's 1 MB of SRAM less the 64 KB reserved: the cluster is refused when it is built.
     */
    @Test
    void slotsThatDoNotFitTheNicsSramAreRefused() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.fm.send-slots = 2048");
        FmSettings s = FmSettings.read(r, "fm2", AmNets.profile(r).nic().maxPacketBytes());
        BadInputException e = assertThrows(BadInputException.class,
                () -> FmCluster.fm2(AmNets.topology(r), AmNets.profile(r), s, h -> null));
        assertTrue(e.getMessage().startsWith("nowemu.protocol.fm: the fm2 firmware needs 2132008 B of SRAM"),
                e.getMessage());
        ConfigReader big = AmNets.config("nowemu.protocol.basic.send-ring = 4096\nnowemu.protocol.basic.recv-ring = 4096"
                + "\nnowemu.protocol.basic.sram-send-buffers = 64\nnowemu.protocol.basic1k.max-payload = 4KiB");
        BasicSettings b = BasicSettings.read(big, "basic1k", 8320);
        assertThrows(BadInputException.class, () -> BasicCluster.build(AmNets.topology(big), AmNets.profile(big), b,
                h -> null));
    }

    @Test
    void aBadValueNamesItsKey() {
        BadInputException e = assertThrows(BadInputException.class, () -> BasicSettings.read(
                AmNets.config("nowemu.protocol.basic.host-dma = fast"), "basic", 8320));
        assertTrue(e.getMessage().contains("nowemu.protocol.basic.host-dma"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> FmSettings.read(
                AmNets.config("nowemu.protocol.fm2.packet-payload = 16KiB"), "fm2", 8320));
        assertTrue(e.getMessage().contains("nowemu.protocol.fm2.packet-payload"), e.getMessage());
        assertEquals(1024, FmSettings.read(AmNets.config(""), "fm2", 8320).packetPayload());
    }
}
