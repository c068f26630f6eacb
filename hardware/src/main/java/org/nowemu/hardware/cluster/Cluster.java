package org.nowemu.hardware.cluster;

import java.util.ArrayList;
import java.util.List;
import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.ModelBuilder;
import org.nowemu.hardware.host.IoBus;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.PortWiring;
import org.nowemu.hardware.nic.HostDma;
import org.nowemu.hardware.nic.Lanai;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.nic.PowerCycle;
import org.nowemu.hardware.nic.RecvDma;
import org.nowemu.hardware.nic.SendDma;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.switching.SwitchPort;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * A topology turned into components: one {@link SwitchPort} per plugged port of each switch; per host a NIC
 * (LANai processor, send DMA, receive DMA, host DMA), an I/O bus and the program's host components. Cables become
 * {@link Peer}s: flits go down a cable with the propagation delay (plus the input stages of the fall-through, up
 * to the crossbar, when they enter a switch), STOP/GO comes back with the propagation delay; the ports of a switch
 * reach each other across the crossbar. Component names: switch ports as {@code s0.p3} (the switch's name in the
 * topology, then the port), host parts as {@code h3.lanai}, {@code h3.send}, {@code h3.recv},
 * {@code h3.hostdma}, {@code h3.bus}, {@code h3.<part>}.
 *
 * @param topology    the network
 * @param profile     the hardware
 * @param switchPorts component id of each port of each switch, in the topology's switch order (-1: no cable)
 * @param nics        the NIC parts of each host, in the topology's host order
 * @param model       the runnable model
 */
public record Cluster(Topology topology, HardwareProfile profile, int[][] switchPorts, List<NicParts> nics,
                      Model model) {

    /** Builds the model of {@code topology} on {@code profile} running {@code program} on every host. */
    public static Cluster build(Topology topology, HardwareProfile profile, HostProgram program) {
        return build(topology, profile, program, Failures.none());
    }

    /** As {@link #build(Topology, HardwareProfile, HostProgram)}, with cables cut at the times {@code failures} says. */
    public static Cluster build(Topology topology, HardwareProfile profile, HostProgram program, Failures failures) {
        List<Node> nodes = topology.nodes();
        int[][] portIdOf = new int[nodes.size()][];
        int[] idOf = new int[nodes.size()];
        int[] recvOf = new int[nodes.size()];
        int[] sendOf = new int[nodes.size()];
        ModelBuilder mb = new ModelBuilder();
        // Connections name components not added yet; they are declared once every component exists.
        List<long[]> links = new ArrayList<>();
        // Ids first: the plugged ports of each switch, then five parts per host, then the host programs' parts.
        var peers = topology.peers();
        // Node index to switch number (-1 for a host): a host's placement group is its switch's number.
        int[] switchIndex = new int[nodes.size()];
        int switchNumber = 0;
        for (Node n : nodes) {
            switchIndex[n.index()] = n.isSwitch() ? switchNumber++ : -1;
        }
        int next = 0;
        for (Node n : nodes) {
            if (n.isSwitch()) {
                portIdOf[n.index()] = new int[n.ports()];
                for (int p = 0; p < n.ports(); p++) {
                    portIdOf[n.index()][p] = peers.get(new Port(n.index(), p)) != null ? next++ : -1;
                }
            }
        }
        List<NicParts> nics = new ArrayList<>();
        for (Node n : nodes) {
            if (n.isHost()) {
                int base = next;
                NicParts parts = new NicParts(nics.size(), base, base + 1, base + 2, base + 3, base + 4);
                nics.add(parts);
                idOf[n.index()] = base;
                sendOf[n.index()] = parts.send();
                recvOf[n.index()] = parts.recv();
                next += 5;
            }
        }
        long prop = profile.link().propagation();
        long fall = profile.switches().fallThrough();
        long crossbar = profile.switches().crossbar();
        long cycle = profile.nic().lanai().cycles(1);
        // Where flits sent out of port p go, and where STOP/GO for port p's input goes.
        java.util.function.Function<Port, PortWiring> wiring = p -> {
            Port far = peers.get(p);
            if (far == null) {
                return PortWiring.UNPLUGGED;
            }
            Node other = nodes.get(far.node());
            var cut = failures.cutsAt(p);
            var fault = failures.faultAt(p);
            int farPort = other.isSwitch() ? portIdOf[far.node()][far.port()] : -1;
            Peer out = other.isSwitch() ? new Peer(farPort, far.port(), prop + fall - crossbar, cut, fault)
                    : new Peer(recvOf[far.node()], 0, prop, cut, fault);
            var none = org.nowemu.hardware.link.LinkFault.NONE;
            Peer back = other.isSwitch() ? new Peer(farPort, far.port(), prop, cut, none)
                    : new Peer(sendOf[far.node()], 0, prop, cut, none);
            return new PortWiring(out, back);
        };
        int[][] switchPorts = new int[topology.switches().size()][];
        int s = 0;
        for (Node n : nodes) {
            if (n.isSwitch()) {
                List<PortWiring> ports = new ArrayList<>();
                for (int p = 0; p < n.ports(); p++) {
                    ports.add(wiring.apply(new Port(n.index(), p)));
                }
                int[] ids = portIdOf[n.index()];
                switchPorts[s] = ids.clone();
                for (int p = 0; p < n.ports(); p++) {
                    if (ids[p] < 0) {
                        continue;
                    }
                    int port = p;
                    check(mb.add(n.name() + ".p" + p, () -> new SwitchPort(profile, port, ports, ids)), ids[p]);
                    // A switch's ports are a placement group with the hosts hanging off it: only cables between
                    // switches may be cut when the model is spread over several JVMs.
                    mb.group(ids[p], s);
                    mb.carries(ids[p], org.nowemu.hardware.link.Flit.class, org.nowemu.hardware.link.StopGo.class);
                    PortWiring own = ports.get(p);
                    links.add(new long[] {ids[p], own.out().component(), own.out().delay()});
                    for (int q = 0; q < n.ports(); q++) {
                        if (ids[q] >= 0) {
                            // Across the crossbar, and STOP/GO up any input's cable while draining it.
                            if (q != p) {
                                links.add(new long[] {ids[p], ids[q], crossbar});
                            }
                            links.add(new long[] {ids[p], ports.get(q).back().component(), ports.get(q).back().delay()});
                        }
                    }
                }
                s++;
            }
        }
        List<List<HostProgram.Part>> hostParts = new ArrayList<>();
        int firstExtra = next;
        for (NicParts parts : nics) {
            List<HostProgram.Part> extra = program.hostParts(parts, firstExtra);
            hostParts.add(extra);
            firstExtra += extra.size();
        }
        int h = 0;
        for (Node n : nodes) {
            if (!n.isHost()) {
                continue;
            }
            NicParts parts = nics.get(h);
            PortWiring w = wiring.apply(new Port(n.index(), 0));
            String name = n.name();
            // A NIC that loses power runs a fresh firmware from the program after each power-on.
            long[][] power = failures.powerCyclesOf(n.index());
            check(mb.add(name + ".lanai", () -> new Lanai(profile, parts, power.length == 0 ? program.firmware(parts)
                    : new PowerCycle(() -> program.firmware(parts), power))), parts.processor());
            check(mb.add(name + ".send", () -> new SendDma(profile, parts, w.out())), parts.send());
            var stall = failures.stallsOf(n.index());
            check(mb.add(name + ".recv", () -> new RecvDma(profile, parts, w.back(), stall)),
                    parts.recv());
            check(mb.add(name + ".hostdma", () -> new HostDma(profile, parts)), parts.hostDma());
            check(mb.add(name + ".bus", () -> new IoBus(profile, parts.processor())), parts.bus());
            mb.carries(parts.send(), org.nowemu.hardware.link.Flit.class);
            mb.carries(parts.recv(), org.nowemu.hardware.link.StopGo.class);
            links.add(new long[] {parts.send(), w.out().component(), w.out().delay()});
            links.add(new long[] {parts.recv(), w.back().component(), w.back().delay()});
            int[] onBoard = {parts.processor(), parts.send(), parts.recv(), parts.hostDma(), parts.bus()};
            for (int a : onBoard) {
                for (int b : onBoard) {
                    if (a != b) {
                        links.add(new long[] {a, b, cycle});
                    }
                }
            }
            h++;
        }
        h = 0;
        for (Node n : nodes) {
            if (!n.isHost()) {
                continue;
            }
            NicParts parts = nics.get(h);
            List<Integer> ids = new ArrayList<>(List.of(parts.processor(), parts.bus()));
            List<Integer> own = new ArrayList<>();
            for (HostProgram.Part part : hostParts.get(h)) {
                own.add(mb.add(n.name() + "." + part.name(), part.factory()));
            }
            int group = groupOfHost(topology, peers, switchIndex, switchPorts.length, n, h);
            for (int id : List.of(parts.processor(), parts.send(), parts.recv(), parts.hostDma(), parts.bus())) {
                mb.group(id, group);
            }
            for (int id : own) {
                mb.group(id, group);
            }
            ids.addAll(own);
            for (int a : own) {
                for (int b : ids) {
                    if (a != b) {
                        mb.connect(a, b, cycle);
                        mb.connect(b, a, cycle);
                    }
                }
            }
            h++;
        }
        for (long[] l : links) {
            mb.connect((int) l[0], (int) l[1], l[2]);
        }
        return new Cluster(topology, profile, switchPorts, List.copyOf(nics), mb.build());
    }

    /** The switch a host hangs off (its placement group), or a group of its own if it is cabled to no switch. */
    private static int groupOfHost(Topology topology, java.util.Map<Port, Port> peers, int[] switchIndex,
                                   int switches, Node host, int hostIndex) {
        Port far = peers.get(new Port(host.index(), 0));
        if (far != null && topology.nodes().get(far.node()).isSwitch()) {
            return switchIndex[far.node()];
        }
        return switches + hostIndex;
    }

    private static void check(int got, int planned) {
        if (got != planned) {
            throw new IllegalStateException("component id " + got + " differs from the planned " + planned);
        }
    }
}
