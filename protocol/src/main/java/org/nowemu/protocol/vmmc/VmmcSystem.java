package org.nowemu.protocol.vmmc;

import java.util.Optional;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * VMMC ({@code system = vmmc}, systems §8): each NIC runs {@link VmmcFirmware}, each host with a program runs
 * it as one {@link VmmcProcess}. Protection comes from the kernel-made tables (exports, imports) the NIC checks;
 * this emulation runs one process per host, like the other comparison systems.
 */
public final class VmmcSystem extends OneProcessSystem<VmmcSettings, VmmcProgram> {
    public static final VmmcSystem INSTANCE = new VmmcSystem();

    private VmmcSystem() {
        super("vmmc", VmmcProgram.class,
                "VMMC: sender-based remote memory, import/export, DMA from user pages via the NIC's TLB, back-pressure",
                new DesignChoices("DMA", "software TLB on NIC", "yes", "polling + interrupts",
                "reliable: link back-pressure", "none"));
    }

    @Override
    protected long sramNeeded(VmmcSettings s, HardwareProfile profile, int hosts) {
        return VmmcFirmware.sramNeeded(s, hosts);
    }

    @Override
    protected LibraryThread process(VmmcSettings s, HostSetup host, VmmcProgram p) {
        return new VmmcProcess(host.profile(), host.nic(), host.hosts(), s, p, IdSystem.VMMC);
    }

    @Override
    public Assumptions assumptions(VmmcSettings s) {
        return Assumptions.losslessNetwork("VMMC exploits the link's back-pressure and has no retransmission: a CRC"
                + " error is fatal (Dubnicki et al., VMMC, 1997)");
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
    public Firmware firmware(VmmcSettings s, NicParts nic, Routes routes) {
        return new VmmcFirmware(s, routes, IdSystem.VMMC);
    }

    @Override
    public Optional<VmmcProgram> messengerProgram(VmmcSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(VmmcMessenger.program(maxBytes, body));
    }
}
