package org.nowemu.protocol.vmmc;

import java.util.Set;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * VMMC ({@code system = vmmc}, systems §8): each NIC runs {@link VmmcFirmware}, each host with a program runs
 * it as one {@link VmmcProcess}. Protection comes from the kernel-made tables (exports, imports) the NIC checks;
 * this emulation runs one process per host, like the other comparison systems.
 */
public final class VmmcSystem extends OneProcessSystem<VmmcSettings, VmmcProgram> {
    public static final VmmcSystem INSTANCE = new VmmcSystem();

    private VmmcSystem() {
        super(spec("vmmc", IdSystem.VMMC, VmmcSettings.ROOT, TranslationChoice.NIC_TLB, Reliability.BACKPRESSURE,
                "VMMC: sender-based remote memory, import/export, DMA from user pages via the NIC's TLB, back-pressure",
                new DesignChoices("DMA", "software TLB on NIC", "yes", "polling + interrupts",
                "reliable: link back-pressure", "none"))
                .assumes(Assumptions.losslessNetwork("VMMC exploits the link's back-pressure and has no"
                        + " retransmission: a CRC error is fatal (Dubnicki et al., VMMC, 1997)")));
    }

    /**
     * A system on VMMC's firmware and library (VMMC's, VMMC-2's): its shared settings under {@code root}, its
     * translation and reliability choices, and its ids in the ledger.
     */
    public static SystemSpec<VmmcSettings, VmmcProgram> spec(String name, IdSystem ids, String root,
                                                             TranslationChoice translation, Reliability reliability,
                                                             String description, DesignChoices choices) {
        return new SystemSpec<VmmcSettings, VmmcProgram>(name, VmmcProgram.class, description, choices)
                .settings((r, stack, profile) -> VmmcSettings.read(r, stack, profile, root, Set.of("interrupts"),
                        translation, reliability))
                .sram(VmmcFirmware::sramNeeded)
                .firmware((s, routes) -> new VmmcFirmware(s, routes, ids))
                .process((profile, nic, hosts, s, p) -> new VmmcProcess(profile, nic, hosts, s, p, ids))
                .messenger((s, maxBytes, body) -> new VmmcMessenger.Program(maxBytes, body))
                .describe((r, stack) -> (r.config().getBoolean(StackEntry.key(stack, "interrupts"))
                        ? "notifications by interrupt" : "notifications polled")
                        + "; shared settings nowemu.protocol." + name);
    }
}
