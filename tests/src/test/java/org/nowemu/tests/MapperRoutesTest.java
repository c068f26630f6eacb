package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.mapper.daemon.MapperDaemon;
import org.nowemu.mapper.daemon.MapperOutcome;
import org.nowemu.mapper.daemon.MapperSettings;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;

/**
 * AM-II over routes that only the mapper wrote: the NICs' routing tables start empty, a mapper daemon runs on every
 * host beside an application process, and once the leader has distributed its tables every host exchanges a
 * request and a reply with every other host.
 */
class MapperRoutesTest {
    /** Answers a request with its first argument, to handler 2. */
    private static final Handler ECHO = new Echo();

    private static final int TAG = 0x51;

    /** A configured network with the mapper daemon every host runs. */
    static final class Net {
        final HardwareProfile profile;
        final Topology topology;
        final StackSettings stack;
        final MapperDaemon daemon;
        /** The application's endpoint on every host: the first after the daemon's. */
        final int appEndpoint;

        Net(String hocon) {
            ConfigReader r = new ConfigReader(ConfigFactory.parseString(hocon)
                    .withFallback(ConfigFactory.defaultReference()).resolve());
            profile = HardwareProfile.read(r);
            topology = Topologies.build(r, profile.switches().ports());
            stack = Stacks.named(r, "test", "amii", profile.nic().maxPacketBytes());
            daemon = new MapperDaemon(MapperSettings.read(r), profile.switches().ports());
            appEndpoint = AmCluster.firstEndpoint(stack, 2, 1, 1, 0);
        }

        /** Every host runs the mapper daemon, then {@code apps}, over routes only the mapper writes. */
        org.nowemu.hardware.cluster.HostProgram program(AmProgram... apps) {
            List<AmProgram> all = new java.util.ArrayList<>();
            all.add(daemon);
            all.addAll(List.of(apps));
            return AmCluster.program(topology, profile, h -> stack, h -> all, false);
        }

        /** {@code program} run on this network for {@code horizonPs}, seed 1, one thread. */
        RunResult run(org.nowemu.hardware.cluster.HostProgram program, long horizonPs) {
            return run(program, org.nowemu.hardware.cluster.Failures.none(), horizonPs);
        }

        /** {@code program} run on this network, with {@code failures}, for {@code horizonPs}, seed 1, one thread. */
        RunResult run(org.nowemu.hardware.cluster.HostProgram program, org.nowemu.hardware.cluster.Failures failures,
                      long horizonPs) {
            Cluster c = Cluster.build(topology, profile, program, failures);
            return Emulation.run(c.model(), new RuntimeSettings(1, 1, false, 0), horizonPs);
        }
    }

    @Test
    void everyPairOfHostsExchangesARequestAndReplyOverMapperRoutes() {
        Net net = new Net("nowemu.topology.name = mesh");
        int hosts = net.topology.hosts().size();
        int[] replies = new int[hosts];
        int[] returned = new int[hosts];
        AmProgram app = new EveryOther(hosts, net.appEndpoint, replies, returned);
        RunResult res = net.run(net.program(app), VirtualTime.S);
        MapperOutcome outcome = MapperOutcome.of(res);
        assertTrue(outcome.leader() >= 0, "a leader distributed routes");
        assertEquals(hosts - 1, outcome.installed().size(), "every other NIC installed the leader's table");
        for (int h = 0; h < hosts; h++) {
            assertEquals(0, returned[h], "host " + h + ": nothing came back undelivered");
            assertEquals(hosts - 1, replies[h], "host " + h + " got a reply from every other host");
        }
        assertEquals((long) hosts * (hosts - 1), res.counter("am.requests_handled"));
    }

    /**
     * The mesh's leader-to-be, host 17 (the highest address), loses its NIC 5 ms in, while it maps. The daemons
     * that deferred to it hear nothing within their 100 ms follower timeout and map again; host 16 now leads and
     * its map and tables cover everything but host 17.
     */
    @Test
    void killingTheLeadersHostDuringMappingElectsAnotherLeaderAndTheMapCompletes() {
        Net net = new Net("nowemu.topology.name = mesh\n"
                + "nowemu.mapper.follower-timeout = 100ms");
        int hosts = net.topology.hosts().size();
        org.nowemu.hardware.cluster.HostProgram leaderDies = powerCut(net.program(), hosts - 1, 5 * VirtualTime.MS);
        MapperOutcome outcome = MapperOutcome.of(net.run(leaderDies, VirtualTime.S));
        assertEquals(hosts - 2, outcome.leader());
        assertEquals(hosts - 1, outcome.map().hosts().size(), "every host but the dead one");
        assertTrue(!outcome.map().hosts().contains(hosts - 1));
        assertEquals(9, outcome.map().switches().size());
        assertEquals(12, outcome.map().linkCount());
        assertEquals(hosts - 2, outcome.installed().size(), "every live NIC but the leader's took its table");
        assertTrue(outcome.unreachable().isEmpty());
    }

    /**
     * With remapping every 50 ms, host 5's NIC dies at 30 ms, after the first map (about 15 ms). The next map does
     * not find it:
     * the leader reports it unreachable and removes its routes everywhere, so at 200 ms host 0's request to host 5
     * comes straight back as unreachable while its request to host 6 is answered.
     */
    @Test
    void aRemapAfterANicDiesReportsItAndMessagesToItReturnUnreachable() {
        Net net = new Net("nowemu.topology.name = mesh\n"
                + "nowemu.mapper.remap-period = 50ms");
        TwoRequests app = twoRequests(net, 0, 5, 6, 150 * VirtualTime.MS, 200 * VirtualTime.MS);
        org.nowemu.hardware.cluster.HostProgram fiveDies = powerCut(net.program(app), 5, 30 * VirtualTime.MS);
        MapperOutcome outcome = MapperOutcome.of(net.run(fiveDies, 300 * VirtualTime.MS));
        assertEquals(List.of("UNREACHABLE from 5", "reply from 6"), app.events());
        assertTrue(outcome.unreachable().contains(5), "reported: " + outcome.unreachable());
        assertTrue(!outcome.map().hosts().contains(5));
    }

    /**
     * Every host's application spins from the start, on the same CPU as its mapper daemon. Each time a daemon wakes
     * for a probe it preempts the spinning application (a woken thread goes first), so the mesh is mapped in
     * about the time it takes on idle hosts (15 ms), well within 50 ms. (A lost preemption notice once left the
     * daemons waiting for the applications' 10 ms time slices: no map within 3 s.)
     */
    @Test
    void aSpinningApplicationDoesNotStarveItsHostsMapperDaemon() {
        Net net = new Net("nowemu.topology.name = mesh");
        RunResult res = net.run(net.program(new Spinner()), 100 * VirtualTime.MS);
        MapperOutcome outcome = MapperOutcome.of(res);
        assertTrue(outcome.distributedAtPs() > 0 && outcome.distributedAtPs() < 50 * VirtualTime.MS,
                "tables distributed at " + outcome.distributedAtPs() + " ps");
        assertTrue(res.counter("host.yields") > 0, "the applications gave their CPU up");
    }

    /**
     * Remapping every 20 ms while every host sends a request every 0.5 ms to the others in turn, from 30 ms to
     * 70 ms: the probes of the remaps share the links with the traffic (and the tables are rewritten under it),
     * yet every request is handled once and answered once, and nothing comes back undelivered.
     */
    @Test
    void trafficDuringRemappingLosesAndDuplicatesNothing() {
        Net net = new Net("nowemu.topology.name = mesh\nnowemu.mapper.remap-period = 20ms");
        int hosts = net.topology.hosts().size();
        int[][] handled = new int[hosts][hosts];
        int[] sent = new int[hosts];
        int[] replies = new int[hosts];
        int[] returned = new int[hosts];
        AmProgram app = new InTurn(hosts, net.appEndpoint, handled, sent, replies, returned);
        RunResult res = net.run(net.program(app), 400 * VirtualTime.MS);
        long total = 0;
        for (int h = 0; h < hosts; h++) {
            assertEquals(0, returned[h], "host " + h + ": nothing returned");
            assertEquals(sent[h], replies[h], "host " + h + ": every request answered");
            int got = 0;
            for (int to = 0; to < hosts; to++) {
                got += handled[h][to];
            }
            assertEquals(sent[h], got, "host " + h + ": every request handled once");
            total += sent[h];
        }
        assertTrue(total > 500, total + " requests");
        assertTrue(res.counter("map.remaps") >= 2, "remaps during the traffic: " + res.counter("map.remaps"));
        assertTrue(res.invariants().hold(), "the runtime's message ledger balances");
    }

    /** The cable between the switches of hosts {@code a} and {@code b} (adjacent switches), by one of its ends. */
    private static org.nowemu.hardware.topology.Port cableBetween(Topology t, int nicA, int nicB) {
        int sa = t.peer(new org.nowemu.hardware.topology.Port(t.hosts().get(nicA).index(), 0)).node();
        int sb = t.peer(new org.nowemu.hardware.topology.Port(t.hosts().get(nicB).index(), 0)).node();
        for (org.nowemu.hardware.topology.Cable c : t.cables()) {
            if ((c.a().node() == sa && c.b().node() == sb) || (c.a().node() == sb && c.b().node() == sa)) {
                return c.a();
            }
        }
        throw new IllegalArgumentException("no cable between the switches of hosts " + nicA + " and " + nicB);
    }

    /** {@code t} without the cable plugged into {@code end}. */
    static Topology without(Topology t, org.nowemu.hardware.topology.Port end) {
        List<org.nowemu.hardware.topology.Cable> kept = new java.util.ArrayList<>();
        for (org.nowemu.hardware.topology.Cable c : t.cables()) {
            if (!c.a().equals(end) && !c.b().equals(end)) {
                kept.add(c);
            }
        }
        return new Topology(t.name() + " cut", t.nodes(), kept);
    }

    /**
     * A chain of three switches, two hosts each; host 5 (on the last switch) leads and remaps every 20 ms. The
     * cable between the first two switches is cut at 40 ms: hosts 0 and 1 can no longer be reached. The next map
     * reports them unreachable and removes their routes, so at 100 ms host 4's request to host 0 comes straight
     * back as unreachable, while its request to host 2 is answered.
     */
    @Test
    void cuttingTheOnlyCableToASubTreeReportsItsNicsAndMessagesToThemReturnUnreachable() {
        Net net = new Net("nowemu.topology { name = chain, chain { switches = 3, hosts-per-switch = 2 } }\n"
                + "nowemu.mapper.remap-period = 20ms");
        TwoRequests app = twoRequests(net, 4, 0, 2, 100 * VirtualTime.MS, 100 * VirtualTime.MS);
        org.nowemu.hardware.topology.Port cable = cableBetween(net.topology, 0, 2);
        MapperOutcome outcome = MapperOutcome.of(net.run(net.program(app),
                org.nowemu.hardware.cluster.Failures.on(net.topology).cable(cable, 40 * VirtualTime.MS),
                200 * VirtualTime.MS));
        assertEquals(List.of("UNREACHABLE from 0", "reply from 2"), app.events());
        assertEquals(5, outcome.leader());
        assertEquals(java.util.Set.of(0, 1), outcome.unreachable());
    }

    /** Runs {@code base} with the NIC of host {@code nic} losing power at {@code atPs}. */
    private static org.nowemu.hardware.cluster.HostProgram powerCut(org.nowemu.hardware.cluster.HostProgram base,
                                                                   int nic, long atPs) {
        return new PowerCut(base, nic, atPs);
    }

    /** {@code base}, but the NIC of host {@code nic} loses power at {@code atPs}. */
    private record PowerCut(org.nowemu.hardware.cluster.HostProgram base, int nic, long atPs)
            implements org.nowemu.hardware.cluster.HostProgram {
        @Override
        public org.nowemu.hardware.nic.Firmware firmware(org.nowemu.hardware.nic.NicParts parts) {
            org.nowemu.hardware.nic.Firmware f = base.firmware(parts);
            return parts.nic() == nic ? org.nowemu.hardware.nic.PowerCycle.cut(f, atPs) : f;
        }

        @Override
        public List<Part> hostParts(org.nowemu.hardware.nic.NicParts parts, int firstId) {
            return base.hostParts(parts, firstId);
        }
    }

    /**
     * An application that answers requests and, on host {@code sender} at {@code sendAt}, sends one request to
     * host {@code a} and one to host {@code b}, recording in its {@code events} what comes back ("reply from a" or
     * "UNREACHABLE from a"). Every host sleeps until {@code wakeAt} (a spinning application would slow its host's
     * mapper daemon down).
     */
    private static TwoRequests twoRequests(Net net, int sender, int a, int b, long wakeAt, long sendAt) {
        return new TwoRequests(new java.util.ArrayList<>(), net.appEndpoint, sender, a, b, wakeAt, sendAt);
    }

    /** Answers a request with its first argument, to handler 2. */
    private record Echo() implements Handler {
        @Override
        public void handle(Token tok, Message m) {
            tok.reply(2, m.arg(0));
        }
    }

    /** Counts a message in {@code counts[at]}. */
    private record Count(int[] counts, int at) implements Handler {
        @Override
        public void handle(Token tok, Message m) {
            counts[at]++;
        }
    }

    /** Records where a reply came from. */
    private record ReplyFrom(List<String> events) implements Handler {
        @Override
        public void handle(Token tok, Message m) {
            events.add("reply from " + m.arg(0));
        }
    }

    /** Counts a request from host {@code arg(0)} handled on host {@code me} and answers it, to handler 2. */
    private record HandledOnce(int[][] handled, int me) implements Handler {
        @Override
        public void handle(Token tok, Message m) {
            handled[m.arg(0)][me]++;
            tok.reply(2);
        }
    }

    /** Sends one request to every other host once the mapper is done, then serves the others' requests. */
    private record EveryOther(int hosts, int appEndpoint, int[] replies, int[] returned) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, ECHO);
            ep.setHandler(2, new Count(replies, am.host()));
            ep.setErrorHandler((why, m) -> returned[am.host()]++);
            for (int h = 0; h < hosts; h++) {
                ep.map(h, new EndpointName(h, appEndpoint), TAG);
            }
            // The mapper needs about 15 ms on this mesh; traffic starts after it, sleeping meanwhile so that the
            // host's daemon has the CPU.
            am.sleep(50 * VirtualTime.MS);
            for (int h = 0; h < hosts; h++) {
                if (h != am.host()) {
                    ep.request(h, 1, h);
                }
            }
            // Then it goes on serving the others' requests until the run ends.
            am.pollUntil(() -> false);
        }
    }

    /** Spins on its endpoint from the start. */
    private record Spinner() implements AmProgram {
        @Override
        public void run(Am am) {
            am.endpoint(TAG);
            am.pollUntil(() -> false);
        }
    }

    /** From 30 ms to 70 ms, a request every 0.5 ms to the other hosts in turn; then waits for every answer. */
    private record InTurn(int hosts, int appEndpoint, int[][] handled, int[] sent, int[] replies, int[] returned)
            implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            int me = am.host();
            ep.setHandler(1, new HandledOnce(handled, me));
            ep.setHandler(2, new Count(replies, me));
            ep.setErrorHandler((why, m) -> returned[me]++);
            for (int h = 0; h < hosts; h++) {
                ep.map(h, new EndpointName(h, appEndpoint), TAG);
            }
            am.sleep(30 * VirtualTime.MS);
            for (int k = 0; am.now() < 70 * VirtualTime.MS; k++) {
                int to = (me + 1 + k % (hosts - 1)) % hosts;
                ep.request(to, 1, me);
                sent[me]++;
                am.sleep(500 * VirtualTime.US);
            }
            am.pollUntil(() -> replies[me] + returned[me] == sent[me]);
            am.pollUntil(() -> false);
        }
    }

    /** See {@link #twoRequests}. */
    private record TwoRequests(List<String> events, int appEndpoint, int sender, int a, int b, long wakeAt,
                               long sendAt) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, ECHO);
            ep.setHandler(2, new ReplyFrom(events));
            ep.setErrorHandler((why, m) -> events.add(why + " from " + m.arg(0)));
            ep.map(a, new EndpointName(a, appEndpoint), TAG);
            ep.map(b, new EndpointName(b, appEndpoint), TAG);
            am.sleep(wakeAt);
            if (am.host() == sender) {
                if (sendAt > wakeAt) {
                    am.sleep(sendAt - wakeAt);
                }
                ep.request(a, 1, a);
                ep.request(b, 1, b);
                am.pollUntil(() -> events.size() == 2);
            }
            am.pollUntil(() -> false);
        }
    }
}
