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
import org.nowemu.protocol.AmCluster;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.stack.StackSettings;
import org.nowemu.protocol.stack.Stacks;

/**
 * AM-II over routes that only the mapper wrote: the NICs' routing tables start empty, a mapper daemon runs on every
 * host beside an application process, and once the leader has distributed its tables every host exchanges a
 * request and a reply with every other host.
 */
class MapperRoutesTest {
    private static final int TAG = 0x51;

    /** A configured network with the mapper daemon every host runs. */
    private static final class Net {
        final HardwareProfile profile;
        final Topology topology;
        final StackSettings stack;
        final MapperOutcome outcome = new MapperOutcome();
        final MapperDaemon daemon;

        Net(String hocon) {
            ConfigReader r = new ConfigReader(ConfigFactory.parseString(hocon)
                    .withFallback(ConfigFactory.defaultReference()).resolve());
            profile = HardwareProfile.read(r);
            topology = Topologies.build(r, profile.switches().ports());
            stack = Stacks.named(r, "test", "amii", profile.nic().maxPacketBytes());
            daemon = new MapperDaemon(MapperSettings.read(r), profile.switches().ports(), outcome);
        }
    }

    @Test
    void everyPairOfHostsExchangesARequestAndReplyOverMapperRoutes() {
        Net net = new Net("nowemu.topology.name = mesh");
        HardwareProfile profile = net.profile;
        Topology t = net.topology;
        StackSettings stack = net.stack;
        int hosts = t.hosts().size();
        MapperOutcome outcome = net.outcome;
        MapperDaemon daemon = net.daemon;
        int appEndpoint = AmCluster.firstEndpoint(stack, 2, 1, 1, 0);
        int[] replies = new int[hosts];
        int[] returned = new int[hosts];
        AmProgram app = am -> {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, (tok, m) -> tok.reply(2, m.arg(0)));
            ep.setHandler(2, (tok, m) -> replies[am.host()]++);
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
        };
        Cluster c = Cluster.build(t, profile, AmCluster.program(t, profile, h -> stack, h -> List.of(daemon, app), false));
        RunResult res = Emulation.run(c.model(), new RuntimeSettings(1, 1, 1, false, 0), VirtualTime.S);
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
        HardwareProfile profile = net.profile;
        Topology t = net.topology;
        StackSettings stack = net.stack;
        int hosts = t.hosts().size();
        MapperOutcome outcome = net.outcome;
        MapperDaemon daemon = net.daemon;
        org.nowemu.hardware.cluster.HostProgram base = AmCluster.program(t, profile, h -> stack,
                h -> List.of(daemon), false);
        org.nowemu.hardware.cluster.HostProgram leaderDies = new org.nowemu.hardware.cluster.HostProgram() {
            @Override
            public org.nowemu.hardware.nic.Firmware firmware(org.nowemu.hardware.nic.NicParts nic) {
                org.nowemu.hardware.nic.Firmware f = base.firmware(nic);
                return nic.nic() == hosts - 1 ? new org.nowemu.hardware.nic.PowerCut(f, 5 * VirtualTime.MS) : f;
            }

            @Override
            public List<Part> hostParts(org.nowemu.hardware.nic.NicParts nic, int firstId) {
                return base.hostParts(nic, firstId);
            }
        };
        Cluster c = Cluster.build(t, profile, leaderDies);
        Emulation.run(c.model(), new RuntimeSettings(1, 1, 1, false, 0), VirtualTime.S);
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
        HardwareProfile profile = net.profile;
        Topology t = net.topology;
        StackSettings stack = net.stack;
        MapperOutcome outcome = net.outcome;
        MapperDaemon daemon = net.daemon;
        int appEndpoint = AmCluster.firstEndpoint(stack, 2, 1, 1, 0);
        List<String> events = new java.util.ArrayList<>();
        AmProgram app = am -> {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, (tok, m) -> tok.reply(2, m.arg(0)));
            ep.setHandler(2, (tok, m) -> events.add("reply from " + m.arg(0)));
            ep.setErrorHandler((why, m) -> events.add(why + " from " + m.arg(0)));
            ep.map(5, new EndpointName(5, appEndpoint), TAG);
            ep.map(6, new EndpointName(6, appEndpoint), TAG);
            // Asleep while the daemons map (a spinning application would slow its host's daemon down).
            am.sleep(150 * VirtualTime.MS);
            if (am.host() == 0) {
                am.sleep(50 * VirtualTime.MS);
                ep.request(5, 1, 5);
                ep.request(6, 1, 6);
                am.pollUntil(() -> events.size() == 2);
            }
            am.pollUntil(() -> false);
        };
        org.nowemu.hardware.cluster.HostProgram base = AmCluster.program(t, profile, h -> stack,
                h -> List.of(daemon, app), false);
        org.nowemu.hardware.cluster.HostProgram fiveDies = new org.nowemu.hardware.cluster.HostProgram() {
            @Override
            public org.nowemu.hardware.nic.Firmware firmware(org.nowemu.hardware.nic.NicParts nic) {
                org.nowemu.hardware.nic.Firmware f = base.firmware(nic);
                return nic.nic() == 5 ? new org.nowemu.hardware.nic.PowerCut(f, 30 * VirtualTime.MS) : f;
            }

            @Override
            public List<Part> hostParts(org.nowemu.hardware.nic.NicParts nic, int firstId) {
                return base.hostParts(nic, firstId);
            }
        };
        Cluster c = Cluster.build(t, profile, fiveDies);
        Emulation.run(c.model(), new RuntimeSettings(1, 1, 1, false, 0), 300 * VirtualTime.MS);
        assertEquals(List.of("UNREACHABLE from 5", "reply from 6"), events);
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
        HardwareProfile profile = net.profile;
        Topology t = net.topology;
        StackSettings stack = net.stack;
        MapperOutcome outcome = net.outcome;
        MapperDaemon daemon = net.daemon;
        AmProgram spinner = am -> {
            am.endpoint(TAG);
            am.pollUntil(() -> false);
        };
        Cluster c = Cluster.build(t, profile, AmCluster.program(t, profile, h -> stack, h -> List.of(daemon, spinner),
                false));
        RunResult res = Emulation.run(c.model(), new RuntimeSettings(1, 1, 1, false, 0), 100 * VirtualTime.MS);
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
        int appEndpoint = AmCluster.firstEndpoint(net.stack, 2, 1, 1, 0);
        int[][] handled = new int[hosts][hosts];
        int[] sent = new int[hosts];
        int[] replies = new int[hosts];
        int[] returned = new int[hosts];
        AmProgram app = am -> {
            Endpoint ep = am.endpoint(TAG);
            int me = am.host();
            ep.setHandler(1, (tok, m) -> {
                handled[m.arg(0)][me]++;
                tok.reply(2);
            });
            ep.setHandler(2, (tok, m) -> replies[me]++);
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
        };
        Cluster c = Cluster.build(net.topology, net.profile, AmCluster.program(net.topology, net.profile,
                h -> net.stack, h -> List.of(net.daemon, app), false));
        RunResult res = Emulation.run(c.model(), new RuntimeSettings(1, 1, 1, false, 0), 400 * VirtualTime.MS);
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
}
