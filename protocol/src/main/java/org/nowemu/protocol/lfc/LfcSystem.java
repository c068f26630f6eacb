package org.nowemu.protocol.lfc;

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
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.system.OneProcess;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumption;
import org.nowemu.protocol.system.Assumptions;

/**
 * LFC ({@code system = lfc}; stacks {@code lfc}, polling with the watchdog armed, and {@code lfc-intr}): each NIC
 * runs {@link LfcFirmware}, each host with a program runs it as one {@link LfcProcess}.
 */
public final class LfcSystem implements CommSystem<LfcSettings, LfcProgram> {
    public static final LfcSystem INSTANCE = new LfcSystem();

    private LfcSystem() {
    }

    @Override
    public String name() {
        return "lfc";
    }

    @Override
    public Assumptions assumptions(LfcSettings s) {
        return Assumptions.losslessNetwork("LFC assumes a reliable network: NIC-level credits, no retransmission"
                + " (Bhoedjang, Ruhl and Bal, LFC, 1998)").and(Assumption.NO_PROCESS_CRASHES,
                "a NIC frees a packet's buffer, and returns its credit, only once its host has taken it");
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("PIO", "user translates", "no", "polling + interrupts + watchdog",
                "reliable: NIC-level credits (unicast and multicast)", MulticastMode.NI.phrase() + ", child credits");
    }

    @Override
    public String description() {
        return "LFC: PIO into NIC send buffers, NIC-level credits, multicast forwarded by the NICs, polling watchdog";
    }

    @Override
    public Class<LfcProgram> programType() {
        return LfcProgram.class;
    }

    @Override
    public LfcSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return LfcSettings.read(r, stack, profile.nic().maxPacketBytes());
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return "packets of " + r.config().getMemorySize(StackEntry.key(stack, "packet-payload")).toBytes()
                + " B payload, control " + r.string(StackEntry.key(stack, "control"))
                + "; shared settings nowemu.protocol.lfc";
    }

    @Override
    public void check(LfcSettings s, Topology topology, HardwareProfile profile) {
        int hosts = topology.hosts().size();
        MessageIds.check(hosts);
        OneProcess.checkSram(profile, "nowemu.protocol.lfc", s.name(), s.sramNeeded(hosts));
    }

    @Override
    public Firmware firmware(LfcSettings s, NicParts nic, Routes routes) {
        return new LfcFirmware(s, routes);
    }

    @Override
    public List<Part> hostParts(LfcSettings s, HostSetup host, List<LfcProgram> programs) {
        return OneProcess.parts(host, name(), programs,
                p -> new LfcProcess(host.profile(), host.nic(), host.hosts(), s, p));
    }

    @Override
    public Optional<LfcProgram> messengerProgram(LfcSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new LfcProgram() {
            @Override
            @continuable
            public void run(Lfc lfc) {
                body.run(new LfcMessenger(lfc));
            }
        });
    }
}
