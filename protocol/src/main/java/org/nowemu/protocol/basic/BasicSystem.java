package org.nowemu.protocol.basic;

import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.protocol.parts.reliability.Reliability;
import org.nowemu.protocol.parts.system.OneProcessSystem;
import org.nowemu.protocol.parts.system.SystemSpec;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.StackEntry;

/**
 * The survey's basic protocol ({@code system = basic}; stacks {@code basic} and {@code basic1k}): each NIC runs
 * {@link BasicFirmware}, each host with a program runs it as one {@link BasicProcess} ({@code h3.p0}).
 */
public final class BasicSystem extends OneProcessSystem<BasicSettings, BasicProgram> {
    public static final BasicSystem INSTANCE = new BasicSystem();

    private BasicSystem() {
        super(new SystemSpec<BasicSettings, BasicProgram>("basic", BasicProgram.class,
                "the survey's basic protocol: packets staged through a pinned DMA area, descriptor rings, unreliable",
                new DesignChoices("DMA after a copy", "DMA areas", "no", "polling", "unreliable: drops counted",
                "none"))
                .settings((r, stack, profile) -> BasicSettings.read(r, stack, profile.nic().maxPacketBytes()))
                .sram(BasicFirmware::sramNeeded)
                .firmware(BasicFirmware::new)
                .process(BasicProcess::new)
                .messenger((s, maxBytes, body) -> new BasicMessenger.Program(body))
                .describe((r, stack) -> {
                    String rel = StackEntry.key(stack, "reliability");
                    return "packets of " + r.config().getMemorySize(StackEntry.key(stack, "max-payload")).toBytes()
                            + " B payload" + (r.config().hasPath(rel) ? ", reliability " + r.string(rel) : "")
                            + "; shared settings nowemu.protocol.basic";
                }));
    }

    /** How a system on the basic engine runs one of its programs as a basic-protocol program (a named class). */
    @FunctionalInterface
    public interface Adapter<P> {
        BasicProgram over(BasicSettings s, P program);
    }

    /**
     * A system composed of the basic protocol's firmware and library (PM's, Hamlyn's): its stacks' settings, its ids
     * in the ledger, and how its library sits on {@link Basic}. It has no benchmark adapter until it declares one.
     */
    public static <P> SystemSpec<BasicSettings, P> onEngine(String name, Class<P> programType, String description,
                                                            DesignChoices choices, IdSystem ids,
                                                            SystemSpec.SettingsReader<BasicSettings> settings,
                                                            Adapter<P> adapter) {
        return new SystemSpec<BasicSettings, P>(name, programType, description, choices)
                .settings(settings)
                .sram(BasicFirmware::sramNeeded)
                .firmware((s, routes) -> new BasicFirmware(s, routes, ids))
                .process((profile, nic, hosts, s, p) -> new BasicProcess(profile, nic, hosts, s,
                        adapter.over(s, p), ids));
    }

    @Override
    public Assumptions assumptions(BasicSettings s) {
        // Only the resending choices promise delivery; the others' losses are counted as dropped, assumed or not.
        return s.reliability().recovers() ? Assumptions.stateInNic("the survey's NIC-level reliability keeps its"
                + " sequence numbers and unacknowledged packets in NIC SRAM") : Assumptions.NONE;
    }

    /** Host credits need a host buffer for each sender. */
    @Override
    protected void checkStack(BasicSettings s, int hosts) {
        if (s.reliability() == Reliability.HOST_CREDITS && s.recvRing() < hosts - 1) {
            throw new BadInputException("nowemu.protocol.basic.recv-ring: " + s.recvRing()
                    + " host buffers cannot give each of " + (hosts - 1) + " senders a credit (stack " + s.name()
                    + ", reliability host-credits)");
        }
    }
}
