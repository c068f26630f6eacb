package org.nowemu.protocol.bip;

import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * BIP ({@code system = bip}; stack {@code bip}): each NIC runs {@link BipFirmware}, each host with a program runs it
 * as one {@link BipProcess} ({@code h3.p0}).
 */
public final class BipSystem extends OneProcessSystem<BipSettings, BipProgram> {
    public static final BipSystem INSTANCE = new BipSystem();

    private BipSystem() {
        super(new SystemSpec<BipSettings, BipProgram>("bip", BipProgram.class,
                "BIP: tagged send/receive, short messages by PIO into receiver rings, long ones by rendezvous and"
                + " pipelined DMA from the user's pinned pages",
                new DesignChoices("PIO & DMA", TranslationChoice.USER.phrase(), "no", "polling",
                "reliable: rendezvous and back-pressure", "none"))
                .settings(BipSettings::read)
                .firmware((s, routes) -> new BipFirmware(s, s.profile(), routes))
                .process(BipProcess::new)
                .messenger((s, maxBytes, body) -> new BipMessenger.Program(maxBytes, body))
                .assumes(Assumptions.losslessNetwork("BIP assumes reliable hardware: it detects CRC errors and"
                        + " truncation but does not retransmit (Prylli and Tourancheau, BIP, 1998)"))
                .describe((r, stack) -> "packets " + r.string(StackEntry.key(stack, "packet-size"))
                        + "; shared settings nowemu.protocol.bip"));
    }

    @Override
    protected long sramNeeded(BipSettings s, HardwareProfile profile, int hosts) {
        return BipFirmware.sramNeeded(s, profile, hosts);
    }
}
