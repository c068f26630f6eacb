package org.nowemu.protocol.vmmc;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.system.OneProcess;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * VMMC ({@code system = vmmc}, COMPARISON.md §8): each NIC runs {@link VmmcFirmware}, each host with a program runs
 * it as one {@link VmmcProcess}. Protection comes from the kernel-made tables (exports, imports) the NIC checks;
 * this emulation runs one process per host, like the other comparison systems.
 */
public final class VmmcSystem implements CommSystem<VmmcSettings, VmmcProgram> {
    public static final VmmcSystem INSTANCE = new VmmcSystem();

    private VmmcSystem() {
    }

    @Override
    public String name() {
        return "vmmc";
    }

    @Override
    public Assumptions assumptions(VmmcSettings s) {
        return Assumptions.losslessNetwork("VMMC exploits the link's back-pressure and has no retransmission: a CRC"
                + " error is fatal (Dubnicki et al., VMMC, 1997)");
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("DMA", "software TLB on NIC", "yes", "polling + interrupts",
                "reliable: link back-pressure", "none");
    }

    @Override
    public String description() {
        return "VMMC: sender-based remote memory, import/export, DMA from user pages via the NIC's TLB, back-pressure";
    }

    @Override
    public Class<VmmcProgram> programType() {
        return VmmcProgram.class;
    }

    @Override
    public VmmcSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return VmmcSettings.read(r, stack, profile, VmmcSettings.ROOT, java.util.Set.of("interrupts"),
                TranslationChoice.NIC_TLB, Reliability.BACKPRESSURE);
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return (r.config().getBoolean(StackEntry.key(stack, "interrupts")) ? "notifications by interrupt"
                : "notifications polled")
                + "; shared settings nowemu.protocol.vmmc";
    }

    @Override
    public void check(VmmcSettings s, Topology topology, HardwareProfile profile) {
        MessageIds.check(topology.hosts().size());
        OneProcess.checkSram(profile, "nowemu.protocol.vmmc", s.name(),
                VmmcFirmware.sramNeeded(s, topology.hosts().size()));
    }

    @Override
    public Firmware firmware(VmmcSettings s, NicParts nic, Routes routes) {
        return new VmmcFirmware(s, routes, IdSystem.VMMC);
    }

    @Override
    public List<Part> hostParts(VmmcSettings s, HostSetup host, List<VmmcProgram> programs) {
        return OneProcess.parts(host, name(), programs,
                p -> new VmmcProcess(host.profile(), host.nic(), host.hosts(), s, p, IdSystem.VMMC));
    }

    @Override
    public Optional<VmmcProgram> messengerProgram(VmmcSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(VmmcMessenger.program(maxBytes, body));
    }
}
