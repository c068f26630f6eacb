package org.nowemu.protocol.trapeze;

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
 * Trapeze ({@code system = trapeze}, systems §12): each NIC runs {@link TrapezeFirmware}, each host with a
 * program runs it as one {@link TrapezeProcess}. Trapeze serves the kernel, so there is one client per host and no
 * protection between processes.
 */
public final class TrapezeSystem extends OneProcessSystem<TrapezeSettings, TrapezeProgram> {
    public static final TrapezeSystem INSTANCE = new TrapezeSystem();

    private TrapezeSystem() {
        super("trapeze", TrapezeProgram.class,
                "Trapeze: 128-byte control messages by PIO, page-frame payloads by DMA, receive ring, unreliable",
                new DesignChoices("PIO control + DMA payload", "DMA to page frames", "no", "polling + interrupts",
                "unreliable: drops counted", "none"));
    }

    @Override
    protected long sramNeeded(TrapezeSettings s, HardwareProfile profile, int hosts) {
        return TrapezeFirmware.sramNeeded(s, hosts);
    }

    @Override
    protected LibraryThread process(TrapezeSettings s, HostSetup host, TrapezeProgram p) {
        return new TrapezeProcess(host.profile(), host.nic(), host.hosts(), s, p);
    }

    @Override
    public TrapezeSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return TrapezeSettings.read(r, stack, profile.nic().maxPacketBytes());
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        return "payloads of " + r.config().getMemorySize(StackEntry.key(stack, "max-payload")).toBytes() + " B, "
                + (r.config().getBoolean(StackEntry.key(stack, "interrupts")) ? "interrupts" : "polling")
                + "; shared settings nowemu.protocol.trapeze";
    }

    @Override
    public Firmware firmware(TrapezeSettings s, NicParts nic, Routes routes) {
        return new TrapezeFirmware(s, routes);
    }

    @Override
    public Optional<TrapezeProgram> messengerProgram(TrapezeSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new TrapezeProgram() {
            @Override
            @continuable
            public void run(Trapeze t) {
                body.run(new TrapezeMessenger(t));
            }
        });
    }
}
