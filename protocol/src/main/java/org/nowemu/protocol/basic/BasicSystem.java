package org.nowemu.protocol.basic;

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
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.StackEntry;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;

/**
 * The survey's basic protocol ({@code system = basic}; stacks {@code basic} and {@code basic1k}): each NIC runs
 * {@link BasicFirmware}, each host with a program runs it as one {@link BasicProcess} ({@code h3.p0}).
 */
public final class BasicSystem implements CommSystem<BasicSettings, BasicProgram> {
    public static final BasicSystem INSTANCE = new BasicSystem();

    private BasicSystem() {
    }

    @Override
    public String name() {
        return "basic";
    }

    @Override
    public Assumptions assumptions(BasicSettings s) {
        // Only the resending choices promise delivery; the others' losses are counted as dropped, assumed or not.
        return s.reliability().recovers() ? Assumptions.stateInNic("the survey's NIC-level reliability keeps its"
                + " sequence numbers and unacknowledged packets in NIC SRAM") : Assumptions.NONE;
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("DMA after a copy", "DMA areas", "no", "polling", "unreliable: drops counted",
                "none");
    }

    @Override
    public String description() {
        return "the survey's basic protocol: packets staged through a pinned DMA area, descriptor rings, unreliable";
    }

    @Override
    public Class<BasicProgram> programType() {
        return BasicProgram.class;
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

    @Override
    public void check(BasicSettings s, Topology topology, HardwareProfile profile) {
        MessageIds.check(topology.hosts().size());
        int hosts = topology.hosts().size();
        if (s.reliability() == org.nowemu.protocol.parts.reliability.Reliability.HOST_CREDITS
                && s.recvRing() < hosts - 1) {
            throw new org.nowemu.actors.config.BadInputException("nowemu.protocol.basic.recv-ring: " + s.recvRing()
                    + " host buffers cannot give each of " + (hosts - 1) + " senders a credit (stack " + s.name()
                    + ", reliability host-credits)");
        }
        OneProcess.checkSram(profile, "nowemu.protocol.basic", s.name(),
                BasicFirmware.sramNeeded(s, topology.hosts().size()));
    }

    @Override
    public Firmware firmware(BasicSettings s, NicParts nic, Routes routes) {
        return new BasicFirmware(s, routes);
    }

    @Override
    public List<Part> hostParts(BasicSettings s, HostSetup host, List<BasicProgram> programs) {
        return OneProcess.parts(host, name(), programs,
                p -> new BasicProcess(host.profile(), host.nic(), host.hosts(), s, p));
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
