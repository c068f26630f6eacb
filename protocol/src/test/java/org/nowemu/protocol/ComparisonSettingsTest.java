package org.nowemu.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.protocol.basic.BasicProgram;
import org.nowemu.protocol.fm.FmSettings;
import org.nowemu.protocol.fm.fm2.Fm2Program;
import org.nowemu.protocol.mpi.MpiStackSettings;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** The comparison systems' settings: refused in one line naming the key, before anything runs. */
class ComparisonSettingsTest {
    private static String refused(String overrides, String stack) {
        return assertThrows(BadInputException.class, () -> Systems.stack(AmNets.config(overrides), stack))
                .getMessage();
    }

    /**
     * 2048 FM 2.x send slots of 1036 B (12-byte header, 1 KB payload) and a 4-byte flag each: 2,129,920 B; with two
     * receive buffers (2072 B) and a routing table of 8 B per host (16 B) the firmware needs 2,132,008 B, more than
     * ppro's 1 MB of SRAM less the 64 KB reserved: the cluster is refused when it is built.
     */
    @Test
    void slotsThatDoNotFitTheNicsSramAreRefused() {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.protocol.fm.send-slots = 2048");
        BadInputException e = assertThrows(BadInputException.class,
                () -> Systems.cluster(r, "fm2", Fm2Program.class, h -> null));
        assertTrue(e.getMessage().startsWith("nowemu.protocol.fm: the fm2 firmware needs 2132008 B of SRAM"),
                e.getMessage());
        ConfigReader big = AmNets.config("nowemu.protocol.basic.send-ring = 4096\nnowemu.protocol.basic.recv-ring = 4096"
                + "\nnowemu.protocol.basic.sram-send-buffers = 64\nnowemu.protocol.stacks.basic1k.max-payload = 4KiB");
        assertThrows(BadInputException.class, () -> Systems.cluster(big, "basic1k", BasicProgram.class, h -> null));
    }

    @Test
    void aBadValueNamesItsKey() {
        assertTrue(refused("nowemu.protocol.basic.host-dma = fast", "basic").contains("nowemu.protocol.basic.host-dma"));
        String e = refused("nowemu.protocol.stacks.fm2.packet-payload = 16KiB", "fm2");
        assertTrue(e.contains("nowemu.protocol.stacks.fm2.packet-payload"), e);
        assertEquals(1024, ((FmSettings) Systems.settings(AmNets.config(""), "fm2")).packetPayload());
    }

    /**
     * A stack of an experiment's own: its options are its system's, an option of another system is refused by name,
     * and an MPI stack must run over a stack of FM.
     */
    @Test
    void anExperimentsOwnStackIsCheckedAgainstItsSystem() {
        assertEquals(512, ((FmSettings) Systems.settings(AmNets.config(
                "nowemu.protocol.stacks.fm512 { system = fm1, packet-payload = 512B }"), "fm512")).packetPayload());
        String other = refused("nowemu.protocol.stacks.fm1.handler-switch-cycles = 5", "fm1");
        assertTrue(other.startsWith("nowemu.protocol.stacks.fm1.handler-switch-cycles: not an option of system fm1 "
                + "(its options: packet-payload)"), other);
        MpiStackSettings mine = (MpiStackSettings) Systems.settings(AmNets.config(
                "nowemu.protocol.stacks.fm512 { system = fm2, packet-payload = 512B, handler-switch-cycles = 50 }\n"
                        + "nowemu.protocol.stacks.mpi512 { system = mpi, over = fm512 }"), "mpi512");
        assertTrue(mine.overFm2());
        assertEquals(512, mine.fm().packetPayload());
        assertTrue(refused("nowemu.protocol.stacks.mpi-fm1.over = basic", "mpi-fm1")
                .startsWith("nowemu.protocol.stacks.mpi-fm1.over: stack 'basic' runs system basic; MPI runs over fm1 "
                        + "or fm2"));
        assertTrue(refused("nowemu.protocol.stacks.mpi-fm1.over = fm3", "mpi-fm1")
                .startsWith("nowemu.protocol.stacks.mpi-fm1.over: no protocol stack 'fm3'"));
    }
}
