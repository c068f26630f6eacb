package org.nowemu.protocol.trapeze;

import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * Trapeze ({@code system = trapeze}, systems §12): each NIC runs {@link TrapezeFirmware}, each host with a
 * program runs it as one {@link TrapezeProcess}. Trapeze serves the kernel, so there is one client per host and no
 * protection between processes.
 */
public final class TrapezeSystem extends OneProcessSystem<TrapezeSettings, TrapezeProgram> {
    public static final TrapezeSystem INSTANCE = new TrapezeSystem();

    private TrapezeSystem() {
        super(new SystemSpec<TrapezeSettings, TrapezeProgram>("trapeze", TrapezeProgram.class,
                "Trapeze: 128-byte control messages by PIO, page-frame payloads by DMA, receive ring, unreliable",
                new DesignChoices("PIO control + DMA payload", "DMA to page frames", "no", "polling + interrupts",
                "unreliable: drops counted", "none"))
                .settings((r, stack, profile) -> TrapezeSettings.read(r, stack, profile.nic().maxPacketBytes()))
                .sram(TrapezeFirmware::sramNeeded)
                .firmware(TrapezeFirmware::new)
                .process(TrapezeProcess::new)
                .messenger((s, maxBytes, body) -> new TrapezeMessenger.Program(body))
                .describe((r, stack) -> "payloads of "
                        + r.config().getMemorySize(StackEntry.key(stack, "max-payload")).toBytes() + " B, "
                        + (r.config().getBoolean(StackEntry.key(stack, "interrupts")) ? "interrupts" : "polling")
                        + "; shared settings nowemu.protocol.trapeze"));
    }
}
