package org.nowemu.protocol.lfc;

import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.system.Assumption;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * LFC ({@code system = lfc}; stacks {@code lfc}, polling with the watchdog armed, and {@code lfc-intr}): each NIC
 * runs {@link LfcFirmware}, each host with a program runs it as one {@link LfcProcess}.
 */
public final class LfcSystem extends OneProcessSystem<LfcSettings, LfcProgram> {
    public static final LfcSystem INSTANCE = new LfcSystem();

    private LfcSystem() {
        super(new SystemSpec<LfcSettings, LfcProgram>("lfc", LfcProgram.class,
                "LFC: PIO into NIC send buffers, NIC-level credits, multicast forwarded by the NICs, polling watchdog",
                new DesignChoices("PIO", "user translates", "no", "polling + interrupts + watchdog",
                "reliable: NIC-level credits (unicast and multicast)", MulticastMode.NI.phrase() + ", child credits"))
                .settings((r, stack, profile) -> LfcSettings.read(r, stack, profile.nic().maxPacketBytes()))
                .sram((s, hosts) -> s.sramNeeded(hosts))
                .firmware(LfcFirmware::new)
                .process(LfcProcess::new)
                .messenger((s, maxBytes, body) -> new LfcMessenger.Program(body))
                .assumes(Assumptions.losslessNetwork("LFC assumes a reliable network: NIC-level credits, no"
                        + " retransmission (Bhoedjang, Ruhl and Bal, LFC, 1998)").and(Assumption.NO_PROCESS_CRASHES,
                        "a NIC frees a packet's buffer, and returns its credit, only once its host has taken it"))
                .describe((r, stack) -> "packets of "
                        + r.config().getMemorySize(StackEntry.key(stack, "packet-payload")).toBytes()
                        + " B payload, control " + r.string(StackEntry.key(stack, "control"))
                        + "; shared settings nowemu.protocol.lfc"));
    }
}
