package org.nowemu.protocol.bip;

import java.util.Optional;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * BIP ({@code system = bip}; stack {@code bip}): each NIC runs {@link BipFirmware}, each host with a program runs it
 * as one {@link BipProcess} ({@code h3.p0}).
 */
public final class BipSystem extends OneProcessSystem<BipSettings, BipProgram> {
    public static final BipSystem INSTANCE = new BipSystem();

    private BipSystem() {
        super("bip", BipProgram.class,
                "BIP: tagged send/receive, short messages by PIO into receiver rings, long ones by rendezvous and"
                + " pipelined DMA from the user's pinned pages",
                new DesignChoices("PIO & DMA", TranslationChoice.USER.phrase(), "no", "polling",
                "reliable: rendezvous and back-pressure", "none"));
    }

    @Override
    protected long sramNeeded(BipSettings s, HardwareProfile profile, int hosts) {
        return BipFirmware.sramNeeded(s, profile, hosts);
    }

    @Override
    protected LibraryThread process(BipSettings s, HostSetup host, BipProgram p) {
        return new BipProcess(host.profile(), host.nic(), host.hosts(), s, p);
    }

    @Override
    public Assumptions assumptions(BipSettings s) {
        return Assumptions.losslessNetwork("BIP assumes reliable hardware: it detects CRC errors and truncation but"
                + " does not retransmit (Prylli and Tourancheau, BIP, 1998)");
    }

    @Override
    public BipSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return BipSettings.read(r, stack, profile);
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return "packets " + r.string(StackEntry.key(stack, "packet-size")) + "; shared settings nowemu.protocol.bip";
    }

    @Override
    public Firmware firmware(BipSettings s, NicParts nic, Routes routes) {
        return new BipFirmware(s, s.profile(), routes);
    }

    @Override
    public Optional<BipProgram> messengerProgram(BipSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new BipProgram() {
            @Override
            @continuable
            public void run(Bip b) {
                body.run(new BipMessenger(b, maxBytes));
            }
        });
    }
}
