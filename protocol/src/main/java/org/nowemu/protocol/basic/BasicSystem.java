package org.nowemu.protocol.basic;

import java.util.Optional;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.LibraryThread;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * The survey's basic protocol ({@code system = basic}; stacks {@code basic} and {@code basic1k}): each NIC runs
 * {@link BasicFirmware}, each host with a program runs it as one {@link BasicProcess} ({@code h3.p0}).
 */
public final class BasicSystem extends OneProcessSystem<BasicSettings, BasicProgram> {
    public static final BasicSystem INSTANCE = new BasicSystem();

    private BasicSystem() {
        super("basic", BasicProgram.class,
                "the survey's basic protocol: packets staged through a pinned DMA area, descriptor rings, unreliable",
                new DesignChoices("DMA after a copy", "DMA areas", "no", "polling", "unreliable: drops counted",
                "none"));
    }

    @Override
    protected long sramNeeded(BasicSettings s, HardwareProfile profile, int hosts) {
        return BasicFirmware.sramNeeded(s, hosts);
    }

    @Override
    protected LibraryThread process(BasicSettings s, HostSetup host, BasicProgram p) {
        return new BasicProcess(host.profile(), host.nic(), host.hosts(), s, p);
    }

    @Override
    public Assumptions assumptions(BasicSettings s) {
        // Only the resending choices promise delivery; the others' losses are counted as dropped, assumed or not.
        return s.reliability().recovers() ? Assumptions.stateInNic("the survey's NIC-level reliability keeps its"
                + " sequence numbers and unacknowledged packets in NIC SRAM") : Assumptions.NONE;
    }

    @Override
    public BasicSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        return BasicSettings.read(r, stack, profile.nic().maxPacketBytes());
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        String rel = StackEntry.key(stack, "reliability");
        return "packets of " + r.config().getMemorySize(StackEntry.key(stack, "max-payload")).toBytes()
                + " B payload" + (r.config().hasPath(rel) ? ", reliability " + r.string(rel) : "")
                + "; shared settings nowemu.protocol.basic";
    }

    /** Host credits need a host buffer for each sender. */
    @Override
    protected void checkStack(BasicSettings s, int hosts) {
        if (s.reliability() == org.nowemu.protocol.parts.reliability.Reliability.HOST_CREDITS
                && s.recvRing() < hosts - 1) {
            throw new org.nowemu.actors.config.BadInputException("nowemu.protocol.basic.recv-ring: " + s.recvRing()
                    + " host buffers cannot give each of " + (hosts - 1) + " senders a credit (stack " + s.name()
                    + ", reliability host-credits)");
        }
    }

    @Override
    public Firmware firmware(BasicSettings s, NicParts nic, Routes routes) {
        return new BasicFirmware(s, routes);
    }

    @Override
    public Optional<BasicProgram> messengerProgram(BasicSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new BasicProgram() {
            @Override
            @continuable
            public void run(Basic b) {
                body.run(new BasicMessenger(b));
            }
        });
    }
}
