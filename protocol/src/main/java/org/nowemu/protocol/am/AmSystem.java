package org.nowemu.protocol.am;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.host.HostCpu;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.profile.NicSettings;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.driver.SegmentDriver;
import org.nowemu.protocol.am.stack.SensitivityKnobs;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.am.vn.VnFirmware;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.system.Assumptions;
import org.nowemu.protocol.system.CommSystem;
import org.nowemu.protocol.system.DesignChoices;
import org.nowemu.protocol.system.HostSetup;
import org.nowemu.protocol.system.Stack;
import org.nowemu.protocol.system.StackEntry;

/**
 * Active Messages ({@code system = am}): the AM-II library ({@code org.nowemu.protocol.am}) and the segment driver
 * ({@code org.nowemu.protocol.am.driver}) on the hosts, the VN transport firmware ({@link VnFirmware}) on the NICs.
 * Its stacks pick the firmware's parts: {@code amii} has them all, {@code amii_norel}, {@code amii_noprot} and
 * {@code amii_base} leave out reliability, protection or both, and {@code gam} (GAM, the earlier Active Messages)
 * runs the same composition without virtual networks, reliability or protection, its DMAs pipelined, with its own
 * thinner cost table. GAM is a configuration of this composition rather than a composition of its own: the
 * options switch independently (the four AM-II stacks are points between the two), and GAM's firmware is the same
 * dispatch loop, doorbells and delivery with fewer parts in it.
 *
 * <p>Each host that runs programs gets its segment driver ({@code h3.driver}), one process per program
 * ({@code h3.p0}, ...), each with its own range of endpoint indices on the NIC, and, when it runs more than one
 * thread in all, a CPU component ({@code h3.cpu}) its threads share. A process given as {@link AmThreads} has one
 * component per thread ({@code h3.p0.t0}, ...).
 */
public final class AmSystem implements CommSystem<StackSettings, AmProgram> {
    public static final AmSystem INSTANCE = new AmSystem();

    private AmSystem() {
    }

    /** An AM stack whose settings are already read. */
    public static Stack<StackSettings, AmProgram> stack(StackSettings settings) {
        return new Stack<>(INSTANCE, settings);
    }

    @Override
    public String name() {
        return "am";
    }

    @Override
    public Assumptions assumptions(StackSettings s) {
        // AM-II's alternating bit with incarnations survives every fault; without it (GAM) the stack relies on Myrinet.
        return s.reliability() ? Assumptions.NONE : Assumptions.losslessNetwork("without the alternating bit the"
                + " firmware has no retransmission and, like GAM, relies on Myrinet being reliable (Chun, Mainwaring"
                + " and Culler, GAM, 1997)");
    }

    @Override
    public DesignChoices choices() {
        return new DesignChoices("PIO & DMA", "DMA areas", "yes", "polling + interrupts",
                "reliable: NIC alternating bit, undeliverable returned", "none");
    }

    @Override
    public String description() {
        return "Active Messages: the AM-II library over the VN transport firmware (AM-II, and GAM with parts off)";
    }

    @Override
    public Class<AmProgram> programType() {
        return AmProgram.class;
    }

    @Override
    public StackSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
        Set<String> options = new java.util.TreeSet<>(Set.of("reliability", "protection", "virtual-networks",
                "pipeline-dma", "costs"));
        options.addAll(SensitivityKnobs.OPTIONS);
        StackEntry.only(r, stack, options);
        return StackSettings.read(r, stack, profile.nic().maxPacketBytes());
    }

    @Override
    public String describe(ConfigReader r, String stack) {
        var c = r.config().getConfig("nowemu.protocol.stacks." + stack);
        return "reliability " + onOff(c.getBoolean("reliability")) + ", protection " + onOff(c.getBoolean("protection"))
                + ", virtual networks " + onOff(c.getBoolean("virtual-networks")) + ", pipelined DMA "
                + onOff(c.getBoolean("pipeline-dma")) + ", costs " + c.getString("costs") + knobs(c);
    }

    /** The sensitivity knobs the entry sets to more than 0, as written. */
    private static String knobs(com.typesafe.config.Config c) {
        StringBuilder b = new StringBuilder();
        for (String k : SensitivityKnobs.OPTIONS) {
            if (c.hasPath(k) && !c.getString(k).matches("0+(\\.0*)?\\s*[a-z]*")) {
                b.append(", ").append(k).append(' ').append(c.getString(k));
            }
        }
        return b.toString();
    }

    private static String onOff(boolean b) {
        return b ? "on" : "off";
    }

    /** The firmware's tables and frames must fit the NIC's free SRAM for this many hosts. */
    @Override
    public void check(StackSettings s, Topology topology, HardwareProfile profile) {
        int hosts = topology.hosts().size();
        MessageIds.check(hosts, s.maxEndpoints());
        NicSettings nic = profile.nic();
        long free = nic.sramBytes() - nic.sramReserved();
        long needed = VnFirmware.sramNeeded(s, hosts, nic);
        if (needed > free) {
            throw new BadInputException("nowemu.hardware.profiles." + profile.name() + ".nic.endpoint-frames: "
                    + nic.endpointFrames() + " endpoint frames of " + VnFirmware.frameBytes(s)
                    + " B do not fit: the " + s.name() + " firmware needs " + needed + " B of SRAM with its tables"
                    + " and buffers for " + hosts + " NICs, and " + free + " B are free (sram minus sram-reserved)");
        }
    }

    @Override
    public Firmware firmware(StackSettings s, NicParts nic, Routes routes) {
        return new VnFirmware(s, routes, nic.send());
    }

    @Override
    public List<Part> hostParts(StackSettings stack, HostSetup host, List<AmProgram> mine) {
        List<Part> parts = new ArrayList<>();
        if (mine.isEmpty()) {
            return parts;
        }
        HardwareProfile profile = host.profile();
        NicParts nic = host.nic();
        int hosts = host.hosts();
        int driver = host.firstId();
        int threads = 0;
        for (AmProgram program : mine) {
            threads += program instanceof AmThreads t ? t.threads().size() : 1;
        }
        int cpu = threads > 1 ? host.firstId() + 1 : -1;
        parts.add(new Part("driver", () -> new SegmentDriver(profile, nic, stack, cpu)));
        if (cpu >= 0) {
            parts.add(new Part("cpu", () -> new HostCpu(profile)));
        }
        int range = stack.maxEndpoints() / mine.size();
        for (int p = 0; p < mine.size(); p++) {
            AmProgram program = mine.get(p);
            long crash = host.crashOf(p);
            if (program instanceof AmThreads t) {
                int share = range / t.threads().size();
                for (int i = 0; i < t.threads().size(); i++) {
                    AmProgram thread = t.threads().get(i);
                    int first = firstEndpoint(stack, mine.size(), p, t.threads().size(), i);
                    parts.add(new Part("p" + p + ".t" + i, () -> assuming(host, new AmProcess(profile, nic, stack,
                            thread, hosts, first, share, driver, cpu, crash))));
                }
            } else {
                int first = p * range;
                parts.add(new Part("p" + p, () -> assuming(host, new AmProcess(profile, nic, stack, program, hosts,
                        first, range, driver, cpu, crash))));
            }
        }
        return parts;
    }

    /** {@code p}, its ledger page told what its stack assumes away (GAM: a lossless network). */
    private static AmProcess assuming(HostSetup host, AmProcess p) {
        p.assumes(host.stack(), host.exposures());
        return p;
    }

    @Override
    public boolean hasMessenger() {
        return true;
    }

    /** A message's last request is answered by its handler's reply, which the sender's messenger counts. */
    @Override
    public boolean tellsDelivery() {
        return true;
    }

    /** Programs over {@link AmMessenger}: short or medium requests, each answered by an empty reply. */
    @Override
    public Optional<AmProgram> messengerProgram(StackSettings s, int maxBytes, MessengerProgram body) {
        return Optional.of(new MessengerOverAm(s, body));
    }

    /** A benchmark body run over the {@link AmMessenger} of the program's own endpoint. */
    private record MessengerOverAm(StackSettings s, MessengerProgram body) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            body.run(AmMessenger.open(am, s.maxArgs(), s.maxMedium()));
        }
    }

    /**
     * The index of the first endpoint thread {@code thread} (of {@code threads}) of process {@code process} (of
     * {@code processes}) creates on its NIC: processes split the NIC's endpoints evenly, threads their process's.
     */
    public static int firstEndpoint(StackSettings stack, int processes, int process, int threads, int thread) {
        int range = stack.maxEndpoints() / processes;
        return process * range + thread * (range / threads);
    }
}
