package org.nowemu.protocol.fmmc;

import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.fm.FmFirmware;
import org.nowemu.protocol.fm.FmHosts;
import org.nowemu.protocol.parts.multicast.MulticastMode;
import org.nowemu.protocol.parts.system.OneProcess;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.system.Assumption;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/** FM/MC ({@code system = fmmc}; stack {@code fmmc}): {@link McFirmware} on the NICs, {@link FmMc} on the hosts. */
public final class FmMcSystem extends OneProcessSystem<McSettings, FmMcProgram> {
    public static final FmMcSystem INSTANCE = new FmMcSystem();

    private FmMcSystem() {
        super(new SystemSpec<McSettings, FmMcProgram>("fmmc", FmMcProgram.class,
                "FM/MC: FM 1.x unicast, multicast forwarded by the NICs with buffers granted by a central manager",
                new DesignChoices("PIO", "DMA area (receive)", "no", "polling (interrupts not modelled)",
                "reliable: host-level credits (unicast), NIC credits from a central manager (multicast)",
                MulticastMode.NI.phrase() + ", central buffer manager"))
                .settings((r, stack, profile) -> McSettings.read(r, stack, profile.nic().maxPacketBytes()))
                .sram((s, hosts) -> FmFirmware.sramNeeded(s.fm(), hosts) + s.sramNeeded(hosts))
                .firmware(McFirmware::new)
                .process(McProcess::new)
                .messenger((s, maxBytes, body) -> new FmMcMessenger.Program(body))
                .assumes(Assumptions.losslessNetwork("FM/MC is FM for unicast and NIC-level credits for multicast,"
                        + " with no retransmission (Verstoep, Langendoen and Bal, FM/MC, 1996)").and(
                        Assumption.NO_PROCESS_CRASHES, "a multicast buffer is freed only once every"
                        + " member's host has taken the packet"))
                .describe((r, stack) -> "packets of "
                        + r.config().getMemorySize(StackEntry.key(stack, "packet-payload")).toBytes()
                        + " B payload; shared settings nowemu.protocol.fm, nowemu.protocol.fmmc"));
    }

    /** FM's unicast credits go round the hosts of its job. */
    @Override
    public McSettings forJob(McSettings s, int peers) {
        return s.forJob(peers);
    }

    /** FM's own check of the cluster in place of the ledger's alone. */
    @Override
    public void check(McSettings s, Topology topology, HardwareProfile profile) {
        FmHosts.check(s.fm(), topology, profile);
        int hosts = topology.hosts().size();
        OneProcess.checkSram(profile, "nowemu.protocol.fmmc", s.name(), sramNeeded(s, profile, hosts));
    }
}
