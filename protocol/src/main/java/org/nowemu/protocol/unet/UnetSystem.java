package org.nowemu.protocol.unet;

import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * U-Net and U-Net/MM ({@code system = unet}, systems §13): each NIC runs {@link UnetFirmware}, each host with
 * a program runs it as one {@link UnetProcess} with one endpoint. Endpoints and channels are the kernel's, so U-Net
 * protects processes from each other; this emulation runs one process per host, like the other comparison systems.
 */
public final class UnetSystem extends OneProcessSystem<UnetSettings, UnetProgram> {
    public static final UnetSystem INSTANCE = new UnetSystem();

    private UnetSystem() {
        super(new SystemSpec<UnetSettings, UnetProgram>("unet", UnetProgram.class,
                "U-Net: endpoints with send, receive and free queues over a segment, host DMA, unreliable",
                new DesignChoices("DMA", "DMA areas (segment); software TLB on NIC (U-Net/MM)", "yes",
                "polling + interrupts", "unreliable: drops counted", "none"))
                .settings(UnetSettings::read)
                .sram(UnetFirmware::sramNeeded)
                .firmware(UnetFirmware::new)
                .process(UnetProcess::new)
                .messenger((s, maxBytes, body) -> new UnetMessenger.Program(body))
                .describe((r, stack) -> (r.config().getBoolean(StackEntry.key(stack, "tlb"))
                        ? "U-Net/MM (the NIC's TLB)" : "pinned segment")
                        + ", " + (r.config().getBoolean(StackEntry.key(stack, "interrupts")) ? "upcalls" : "polling")
                        + "; shared settings nowemu.protocol.unet"));
    }
}
