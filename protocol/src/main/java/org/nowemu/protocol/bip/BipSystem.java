package org.nowemu.protocol.bip;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.system.OneProcess;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * BIP ({@code system = bip}; stack {@code bip}): each NIC runs {@link BipFirmware}, each host with a program runs it
 * as one {@link BipProcess} ({@code h3.p0}).
 */
public final class BipSystem implements CommSystem<BipSettings, BipProgram> {
    public static final BipSystem INSTANCE = new BipSystem();

    private BipSystem() {
    }

    @Override
    public String name() {
        return "bip";
    }

    @Override
    public Assumptions assumptions(BipSettings s) {
        return Assumptions.losslessNetwork("BIP assumes reliable hardware: it detects CRC errors and truncation but"
                + " does not retransmit (Prylli and Tourancheau, BIP, 1998)");
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("PIO & DMA", TranslationChoice.USER.phrase(), "no", "polling",
                "reliable: rendezvous and back-pressure", "none");
    }

    @Override
    public String description() {
        return "BIP: tagged send/receive, short messages by PIO into receiver rings, long ones by rendezvous and"
                + " pipelined DMA from the user's pinned pages";
    }

    @Override
    public Class<BipProgram> programType() {
        return BipProgram.class;
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
    public void check(BipSettings s, Topology topology, HardwareProfile profile) {
        MessageIds.check(topology.hosts().size());
        OneProcess.checkSram(profile, "nowemu.protocol.bip", s.name(),
                BipFirmware.sramNeeded(s, profile, topology.hosts().size()));
    }

    @Override
    public Firmware firmware(BipSettings s, NicParts nic, Routes routes) {
        return new BipFirmware(s, s.profile(), routes);
    }

    @Override
    public List<Part> hostParts(BipSettings s, HostSetup host, List<BipProgram> programs) {
        return OneProcess.parts(host, name(), programs,
                p -> new BipProcess(host.profile(), host.nic(), host.hosts(), s, p));
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
