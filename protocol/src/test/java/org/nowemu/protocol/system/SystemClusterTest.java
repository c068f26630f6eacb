package org.nowemu.protocol.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Component;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Receive;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.cluster.HostProgram.Part;
import org.nowemu.hardware.nic.Firmware;
import org.nowemu.hardware.nic.NicContext;
import org.nowemu.hardware.nic.NicEvent;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.parts.routing.Routes;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.RoundTrips;

/**
 * One cluster, two communication systems, host by host: hosts 0 and 1 run AM-II (a client sends five requests, the
 * server replies to each), hosts 2 and 3 a toy system of this test, "blast", whose programs are not AM programs at
 * all ({@link Blast}: how many raw packets to send to the other host of the pair) and whose firmware just sends and
 * counts them. Each system is what its stack says, each host gets programs of its own system.
 */
class SystemClusterTest {
    private static final int TAG = 5;
    private static final long HORIZON = 100 * org.nowemu.actors.time.VirtualTime.MS;

    /** A blast program: send {@code packets} raw packets to host {@code to}. */
    record Blast(int packets, int to) {
    }

    record BlastSettings(String name) implements SystemSettings {
        @Override
        public long settlePs() {
            return 0;
        }
    }

    /** What a blast host writes to its NIC. */
    record Go(int packets, int to) {
    }

    /** The toy firmware: sends the packets it is told to (10 cycles each), counts those that arrive. */
    static final class BlastFirmware implements Firmware {
        private final Routes routes;

        BlastFirmware(Routes routes) {
            this.routes = routes;
        }

        @Override
        public void start(NicContext nic) {
            nic.postReceive(4);
        }

        @Override
        @continuable
        public void handle(NicContext nic, Object event) {
            if (event instanceof Go g) {
                for (int i = 0; i < g.packets(); i++) {
                    nic.cycles(10);
                    nic.transmit(nic.packet(routes.to(g.to()), new byte[] {7, (byte) i}));
                }
            } else if (event instanceof NicEvent.PacketReceived rx) {
                nic.postReceive(1);
                nic.counter("blast.received").increment();
            }
        }
    }

    /** The toy host library: one component per program, which tells its NIC what to send. */
    static final class BlastHost extends Component {
        private final NicParts nic;
        private final Blast program;
        private final long cycle;

        BlastHost(NicParts nic, Blast program, long cycle) {
            this.nic = nic;
            this.program = program;
            this.cycle = cycle;
        }

        @Override
        protected void onStart() {
            send(nic.processor(), cycle, new Go(program.packets(), program.to()));
        }

        @Override
        protected Receive createReceive() {
            return Receive.builder().on(Object.class, m -> { }).build();
        }
    }

    static final CommSystem<BlastSettings, Blast> BLAST = new CommSystem<>() {
        @Override
        public String name() {
            return "blast";
        }

        @Override
        public String description() {
            return "raw packets, for a test";
        }

        @Override
        public DesignChoices choices() {
            return new DesignChoices("none", "none", "no", "none", "none", "none");
        }

        @Override
        public Class<Blast> programType() {
            return Blast.class;
        }

        @Override
        public BlastSettings settings(ConfigReader r, String stack, HardwareProfile profile) {
            return new BlastSettings(stack);
        }

        @Override
        public String describe(ConfigReader r, String stack) {
            return "";
        }

        @Override
        public Firmware firmware(BlastSettings settings, NicParts nic, Routes routes) {
            return new BlastFirmware(routes);
        }

        @Override
        public List<Part> hostParts(BlastSettings settings, HostSetup host, List<Blast> programs) {
            long cycle = host.profile().nic().lanai().cycles(1);
            return programs.stream().map(b -> new Part("p0", () -> new BlastHost(host.nic(), b, cycle))).toList();
        }
    };

    private final ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 4");
    private final HardwareProfile profile = HardwareProfile.read(r);
    private final Topology topology = AmNets.topology(r);
    private final Stack<?, ?> amii = Stacks.stack(r, "test", "amii", profile);
    private final Stack<?, ?> blast = new Stack<>(BLAST, new BlastSettings("blast"));

    /** Five round trips to host 1's endpoint 0, mapped at entry 1. */
    private static final AmProgram CLIENT = new RoundTrips.Client(TAG, 1, 5, -1);

    /** Answers for good. */
    private static final AmProgram SERVER = new RoundTrips.Server(TAG, -1);

    private Cluster cluster(List<?> programsOfHost1) {
        return SystemCluster.build(topology, profile, h -> h < 2 ? amii : blast,
                h -> switch (h) {
                    case 0 -> List.of(CLIENT);
                    case 1 -> programsOfHost1;
                    case 2 -> List.of(new Blast(10, 3));
                    default -> List.of(new Blast(0, 2));
                }, Failures.none());
    }

    /**
     * The AM pair does its five round trips, and the blast pair's ten packets all arrive at host 3: the two systems
     * share the switch and nothing else. Only the AM hosts have the AM library's components (driver, process).
     */
    @Test
    void hostsRunTheirOwnSystemsSideBySide() {
        RunResult res = Emulation.run(cluster(List.of(SERVER)).model(), new RuntimeSettings(7, 1, false, 0),
                HORIZON);
        assertEquals(5, res.counter("am.requests_handled"));
        assertEquals(5, res.counter("am.replies_handled"));
        assertEquals(10, res.counter("blast.received"));
        assertEquals(10, res.counter("vn.delivered"), "five requests and five replies delivered");
    }

    /** A host given a program of another system than its stack's is refused, in one line naming it. */
    @Test
    void aProgramOfAnotherSystemIsBadInput() {
        BadInputException e = assertThrows(BadInputException.class, () -> cluster(List.of(new Blast(1, 0))));
        assertEquals("h1.p0: host h1 runs protocol stack 'amii' (am), whose programs are AmPrograms; it was given a "
                + "Blast", e.getMessage());
    }
}
