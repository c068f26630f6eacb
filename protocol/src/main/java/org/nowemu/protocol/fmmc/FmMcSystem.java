package org.nowemu.protocol.fmmc;

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
import org.nowemu.protocol.fm.FmFirmware;
import org.nowemu.protocol.fm.FmHosts;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.system.OneProcess;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumption;
import org.nowemu.protocol.system.Assumptions;

/** FM/MC ({@code system = fmmc}; stack {@code fmmc}): {@link McFirmware} on the NICs, {@link FmMc} on the hosts. */
public final class FmMcSystem implements CommSystem<McSettings, FmMcProgram> {
    public static final FmMcSystem INSTANCE = new FmMcSystem();

    private FmMcSystem() {
    }

    @Override
    public String name() {
        return "fmmc";
    }

    @Override
    public Assumptions assumptions(McSettings s) {
        return Assumptions.losslessNetwork("FM/MC is FM for unicast and NIC-level credits for multicast, with no"
                + " retransmission (Verstoep, Langendoen and Bal, FM/MC, 1996)").and(
                Assumption.NO_PROCESS_CRASHES, "a multicast buffer is freed only once every"
                + " member's host has taken the packet");
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("PIO", "DMA area (receive)", "no", "polling (interrupts not modelled)",
                "reliable: host-level credits (unicast), NIC credits from a central manager (multicast)",
                MulticastMode.NI.phrase() + ", central buffer manager");
    }

    @Override
    public String description() {
        return "FM/MC: FM 1.x unicast, multicast forwarded by the NICs with buffers granted by a central manager";
    }

    @Override
    public Class<FmMcProgram> programType() {
        return FmMcProgram.class;
    }

    @Override
    public McSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return McSettings.read(r, stack, profile.nic().maxPacketBytes());
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return "packets of " + r.config().getMemorySize(StackEntry.key(stack, "packet-payload")).toBytes()
                + " B payload; shared settings nowemu.protocol.fm, nowemu.protocol.fmmc";
    }

    @Override
    public void check(McSettings s, Topology topology, HardwareProfile profile) {
        FmHosts.check(s.fm(), topology, profile);
        int hosts = topology.hosts().size();
        OneProcess.checkSram(profile, "nowemu.protocol.fmmc", s.name(),
                FmFirmware.sramNeeded(s.fm(), hosts) + s.sramNeeded(hosts));
    }

    @Override
    public Firmware firmware(McSettings s, NicParts nic, Routes routes) {
        return new McFirmware(s, routes);
    }

    @Override
    public List<Part> hostParts(McSettings s, HostSetup host, List<FmMcProgram> programs) {
        return OneProcess.parts(host, name(), programs,
                p -> new McProcess(host.profile(), host.nic(), host.hosts(), s, p));
    }

    @Override
    public Optional<FmMcProgram> messengerProgram(McSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new FmMcProgram() {
            @Override
            @continuable
            public void run(FmMc fm) {
                body.run(new FmMcMessenger(fm));
            }
        });
    }
}
