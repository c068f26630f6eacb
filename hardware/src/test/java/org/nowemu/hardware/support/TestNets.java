package org.nowemu.hardware.support;

import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.HostProgram;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Cable;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/** Small hand-built networks, profiles and scripted firmware for the hardware tests. */
public final class TestNets {
    private TestNets() {
    }

    /** The {@code now} profile with {@code overrides} (HOCON, keys relative to the now profile). */
    public static HardwareProfile now(String overrides) {
        String prefixed = overrides.isBlank() ? "" : "nowemu.hardware.profiles.now { " + overrides + " }";
        return HardwareProfile.read(new ConfigReader(ConfigFactory.parseString(prefixed)
                .withFallback(ConfigFactory.defaultReference()).resolve()));
    }

    /**
     * h0 - s0 - s1 - ... - s(n-1) - h1: each switch's port 1 leads right, port 2 left; h0 is on port 0 of s0,
     * h1 on port 1 of the last switch. The route from h0 to h1 is n bytes of 1.
     */
    public static Topology line(int switches) {
        List<Node> nodes = new ArrayList<>();
        nodes.add(new Node(0, Node.Kind.HOST, "h0", 1));
        nodes.add(new Node(1, Node.Kind.HOST, "h1", 1));
        for (int s = 0; s < switches; s++) {
            nodes.add(new Node(2 + s, Node.Kind.SWITCH, "s" + s, 8));
        }
        List<Cable> cables = new ArrayList<>();
        cables.add(new Cable(new Port(0, 0), new Port(2, 0)));
        for (int s = 0; s + 1 < switches; s++) {
            cables.add(new Cable(new Port(2 + s, 1), new Port(3 + s, 2)));
        }
        cables.add(new Cable(new Port(2 + switches - 1, 1), new Port(1, 0)));
        return new Topology("line", nodes, cables);
    }

    /** One 8-port switch with hosts h0..h(n-1) on ports 0..n-1: the route from any host to h(k) is {k}. */
    public static Topology star(int hosts) {
        List<Node> nodes = new ArrayList<>();
        List<Cable> cables = new ArrayList<>();
        nodes.add(new Node(0, Node.Kind.SWITCH, "s0", 8));
        for (int h = 0; h < hosts; h++) {
            nodes.add(new Node(1 + h, Node.Kind.HOST, "h" + h, 1));
            cables.add(new Cable(new Port(1 + h, 0), new Port(0, h)));
        }
        return new Topology("star", nodes, cables);
    }

    /** Firmware from two lambdas, for scripting a NIC in a test. */
    public static Firmware firmware(Consumer<NicContext> start, BiConsumer<NicContext, Object> handle) {
        return new Firmware() {
            @Override
            public void start(NicContext nic) {
                start.accept(nic);
            }

            @Override
            public void handle(NicContext nic, Object event) {
                handle.accept(nic, event);
            }
        };
    }

    /** A program whose NICs run the firmware {@code perNic} makes for each NIC index. */
    public static HostProgram program(java.util.function.IntFunction<Firmware> perNic) {
        return (NicParts parts) -> perNic.apply(parts.nic());
    }

    /** A program whose NICs run idle firmware and whose hosts run the parts {@code parts} makes (NIC, first id). */
    public static HostProgram hosts(java.util.function.BiFunction<NicParts, Integer, List<HostProgram.Part>> parts) {
        return new Hosts(parts);
    }

    private record Hosts(java.util.function.BiFunction<NicParts, Integer, List<Part>> parts) implements HostProgram {
        @Override
        public Firmware firmware(NicParts nic) {
            return TestNets.firmware(ctx -> { }, (ctx, e) -> { });
        }

        @Override
        public List<Part> hostParts(NicParts nic, int firstId) {
            return parts.apply(nic, firstId);
        }
    }

    public static RunResult run(Topology t, HardwareProfile p, HostProgram program, long horizonPs) {
        return run(t, p, program, horizonPs, false);
    }

    /** {@link #run}, keeping trace tracks (and what components keep only then) when {@code tracing}. */
    public static RunResult run(Topology t, HardwareProfile p, HostProgram program, long horizonPs, boolean tracing) {
        Cluster c = Cluster.build(t, p, program);
        return Emulation.run(c.model(), new RuntimeSettings(7, 2, tracing, tracing ? 100 : 0), horizonPs);
    }
}
