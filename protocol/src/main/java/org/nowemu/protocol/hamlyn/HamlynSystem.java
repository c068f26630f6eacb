package org.nowemu.protocol.hamlyn;

import java.util.Set;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.basic.Basic;
import org.nowemu.protocol.basic.BasicFirmware;
import org.nowemu.protocol.basic.BasicProcess;
import org.nowemu.protocol.basic.BasicProgram;
import org.nowemu.protocol.basic.BasicSettings;
import org.nowemu.protocol.basic.BasicSystem;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * Hamlyn ({@code system = hamlyn}, stack {@code hamlyn}; systems §11): the staged-DMA control program and
 * library of the basic protocol ({@link BasicFirmware}, {@link BasicProcess}) composed Hamlyn's way: sends of up to
 * {@code nowemu.protocol.hamlyn.pio-max} bytes written by PIO into the NIC and sent from SRAM, larger ones copied
 * into the sender's DMA area and fetched by DMA; sender-based remote memory (each packet carries the offset of the
 * receiver's message area the sender chose; the receiving NIC checks it against the sender's share, DMAs the data
 * there, then a notification entry); reliability by link back-pressure ({@code parts/reliability},
 * {@code backpressure}: with the notification queue full the NIC holds the packet and stops draining its link), no
 * retransmission, so it promises nothing the network may lose. Polling only (Hamlyn's interrupts are not composed);
 * one process per NIC, so no protection checks.
 */
public final class HamlynSystem extends OneProcessSystem<BasicSettings, HamlynProgram> {
    public static final HamlynSystem INSTANCE = new HamlynSystem();
    static final String ROOT = "nowemu.protocol.hamlyn.";

    private HamlynSystem() {
        super(BasicSystem.onEngine("hamlyn", HamlynProgram.class,
                "Hamlyn: sender-based remote memory, PIO small and DMA large sends, relies on link back-pressure",
                new DesignChoices("PIO & DMA", "DMA areas", "no (one process per NIC)", "polling",
                "hardware back-pressure (no resends: losses counted)", "none"),
                IdSystem.HAMLYN, HamlynSystem::read, OverBasic::new)
                .messenger((s, maxBytes, body) -> new HamlynMessenger.Program(body))
                .describe((r, stack) -> "packets of up to " + r.config().getMemorySize(ROOT + "max-packet").toBytes()
                        + " B, PIO up to " + r.config().getMemorySize(ROOT + "pio-max").toBytes()
                        + " B; shared settings nowemu.protocol.hamlyn"));
    }

    /** A Hamlyn program run on the basic protocol's library, its area share the stack's. */
    private record OverBasic(BasicSettings s, HamlynProgram program) implements BasicProgram {
        @Override
        @continuable
        public void run(Basic b) {
            program.run(new Hamlyn(b, s.variant().areaShare()));
        }
    }

    private static BasicSettings read(ConfigReader r, String stack, HardwareProfile profile) {
        StackEntry.only(r, stack, Set.of());
        int headers = 8;
        int max = (int) r.bytes(ROOT + "max-packet", 8 + headers, profile.nic().maxPacketBytes());
        int pio = (int) r.bytes(ROOT + "pio-max", 0, max - headers);
        long share = r.bytes(ROOT + "area-share", 1, 1L << 30);
        return BasicSettings.engine(r, ROOT, stack, max - headers, Reliability.BACKPRESSURE,
                new BasicSettings.Variant(true, pio, share, false));
    }
}
