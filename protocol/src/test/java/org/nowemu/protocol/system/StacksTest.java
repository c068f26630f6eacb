package org.nowemu.protocol.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmSystem;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.support.AmNets;

/** Stacks name their system; a stack, a system or a program type that does not fit is one line of bad input. */
class StacksTest {
    private static final String MINE = "nowemu.protocol.stacks.mine { reliability = true, protection = false, "
            + "virtual-networks = true, pipeline-dma = false, costs = vn";

    private static String refused(ConfigReader r, String name) {
        return assertThrows(BadInputException.class,
                () -> Stacks.stack(r, "nowemu.logp.stacks", name, HardwareProfile.read(r))).getMessage();
    }

    /**
     * amii is an Active Messages stack with every part on. Its settle time is the transport's give-up time twice:
     * (255 retries + 2) x 2 ticks x 10 ms = 5.14 s, so 10.28 s.
     */
    @Test
    void aStackIsItsSystemWithTheSettingsOfItsEntry() {
        ConfigReader r = AmNets.config("");
        Stack<?, ?> amii = Stacks.stack(r, "k", "amii", HardwareProfile.read(r));
        assertSame(AmSystem.INSTANCE, amii.system());
        assertEquals("amii", amii.name());
        assertEquals(10_280 * VirtualTime.MS, amii.settlePs());
        StackSettings s = (StackSettings) amii.settings();
        assertEquals(true, s.reliability() && s.protection() && s.virtualNetworks() && !s.pipelineDma());
        assertEquals(0, Stacks.stack(r, "k", "gam", HardwareProfile.read(r)).settlePs(), "GAM never resends");
        assertSame(amii, amii.runs(AmProgram.class, "k"));
    }

    @Test
    void anUnknownStackSystemOrProgramTypeIsNamedInOneLine() {
        assertEquals("nowemu.logp.stacks: unknown protocol stack 'nope' (known: amii, amii_base, amii_noprot, "
                + "amii_norel, basic, basic-acknack, basic-altbit, basic-backpressure, "
                + "basic-hostcredit, basic-niccredit, basic1k, bip, fm1, fm2, fmmc, gam, hamlyn, lfc, lfc-intr, lfc-poll, mpi-fm1, mpi-fm2, pm, trapeze, unet, unet-mm, vmmc, vmmc2)", refused(AmNets.config(""), "nope"));
        ConfigReader noSystem = AmNets.config(MINE + " }");
        assertEquals("nowemu.protocol.stacks.mine.system: missing: name the communication system the stack runs "
                + "(known: am, basic, fm1, fm2, mpi, bip, pm, hamlyn, lfc, fmmc, trapeze, unet, vmmc, vmmc2)", refused(noSystem, "mine"));
        String unknown = refused(AmNets.config(MINE + ", system = fm9 }"), "mine");
        assertTrue(unknown.startsWith("nowemu.protocol.stacks.mine.system: unknown communication system 'fm9' "
                + "(known: am, basic, fm1, fm2, mpi, bip, pm, hamlyn, lfc, fmmc, trapeze, unet, vmmc, vmmc2)"), unknown);

        ConfigReader r = AmNets.config("");
        Stack<?, ?> amii = Stacks.stack(r, "k", "amii", HardwareProfile.read(r));
        assertEquals("k: protocol stack 'amii' runs am programs (AmProgram), and this needs Strings",
                assertThrows(BadInputException.class, () -> amii.runs(String.class, "k")).getMessage());
    }

    /**
     * An Active Messages stack costs instructions and bus words, never time: on the survey's Pentium Pro cluster
     * (ppro) AM-II and GAM run the NOW's cost tables unchanged, so only the profile's clocks and bus make them
     * faster or slower there.
     */
    @Test
    void anAmStackRunsTheSameInstructionCountsOnEveryProfile() {
        ConfigReader now = AmNets.config("nowemu.hardware.profile = now");
        ConfigReader ppro = AmNets.config("nowemu.hardware.profile = ppro");
        for (String stack : java.util.List.of("amii", "gam")) {
            assertEquals(Stacks.stack(now, "k", stack, HardwareProfile.read(now)).settings(),
                    Stacks.stack(ppro, "k", stack, HardwareProfile.read(ppro)).settings(), stack);
        }
    }

    /** A stack defined in an experiment file, of system am, is read like the built-in ones. */
    @Test
    void anExperimentMayDefineItsOwnStack() {
        ConfigReader r = AmNets.config(MINE + ", system = am }");
        StackSettings mine = Stacks.named(r, "k", "mine", HardwareProfile.read(r).nic().maxPacketBytes());
        assertEquals(false, mine.protection());
        assertEquals(true, mine.reliability());
    }

    /**
     * Whether a stack can run a benchmark is the registry's answer ({@code hasMessenger}), asked without building a
     * program; it must agree with what the system then builds. All 14 systems have an adapter, so every stack can.
     */
    @Test
    void everyStackSaysWithoutAProgramThatItHasAMessenger() {
        ConfigReader r = AmNets.config("");
        for (String name : Stacks.names(r)) {
            Stack<?, ?> stack = Stacks.stack(r, "k", name, HardwareProfile.read(r));
            assertTrue(stack.hasMessenger(), name);
            assertTrue(stack.messengerProgram(64, new Idle()).isPresent(), name);
        }
    }

    /** A benchmark body that does nothing: only whether a program is built matters. */
    private static final class Idle implements org.nowemu.protocol.parts.bench.MessengerProgram {
        @Override
        public void run(org.nowemu.protocol.parts.bench.Messenger m) {
        }
    }
}
