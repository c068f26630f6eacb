package org.nowemu.protocol.unet;

import java.util.Optional;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.parts.routing.Routes;

/**
 * U-Net and U-Net/MM ({@code system = unet}, systems §13): each NIC runs {@link UnetFirmware}, each host with
 * a program runs it as one {@link UnetProcess} with one endpoint. Endpoints and channels are the kernel's, so U-Net
 * protects processes from each other; this emulation runs one process per host, like the other comparison systems.
 */
public final class UnetSystem extends OneProcessSystem<UnetSettings, UnetProgram> {
    public static final UnetSystem INSTANCE = new UnetSystem();

    private UnetSystem() {
        super("unet", UnetProgram.class,
                "U-Net: endpoints with send, receive and free queues over a segment, host DMA, unreliable",
                new DesignChoices("DMA", "DMA areas (segment); software TLB on NIC (U-Net/MM)", "yes",
                "polling + interrupts", "unreliable: drops counted", "none"));
    }

    @Override
    protected long sramNeeded(UnetSettings s, HardwareProfile profile, int hosts) {
        return UnetFirmware.sramNeeded(s, hosts);
    }

    @Override
    protected LibraryThread process(UnetSettings s, HostSetup host, UnetProgram p) {
        return new UnetProcess(host.profile(), host.nic(), host.hosts(), s, p);
    }

    @Override
    public UnetSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return UnetSettings.read(r, stack, profile);
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return (r.config().getBoolean(StackEntry.key(stack, "tlb")) ? "U-Net/MM (the NIC's TLB)" : "pinned segment")
                + ", " + (r.config().getBoolean(StackEntry.key(stack, "interrupts")) ? "upcalls" : "polling")
                + "; shared settings nowemu.protocol.unet";
    }

    @Override
    public Firmware firmware(UnetSettings s, NicParts nic, Routes routes) {
        return new UnetFirmware(s, routes);
    }

    @Override
    public Optional<UnetProgram> messengerProgram(UnetSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new UnetProgram() {
            @Override
            @continuable
            public void run(Unet t) {
                body.run(new UnetMessenger(t));
            }
        });
    }
}
