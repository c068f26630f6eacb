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
import org.nowemu.hardware.switching.Switch;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * A topology turned into components: one {@link Switch} per switch; per host a NIC (LANai processor, send DMA,
 * receive DMA, host DMA), an I/O bus and the program's host components. Cables become {@link Peer}s: flits go
 * down a cable with the propagation delay (plus the fall-through when they enter a switch), STOP/GO comes back
 * with the propagation delay. Component names: switches as in the topology ({@code s0}), host parts as
 * {@code h3.lanai}, {@code h3.send}, {@code h3.recv}, {@code h3.hostdma}, {@code h3.bus}, {@code h3.<part>}.
 *
 * @param topology the network
 * @param profile  the hardware
 * @param switches component id of each switch, in the topology's switch order
 * @param nics     the NIC parts of each host, in the topology's host order
 * @param model    the runnable model
 */
public record Cluster(Topology topology, HardwareProfile profile, int[] switches, List<NicParts> nics, Model model) {

    /** Builds the model of {@code topology} on {@code profile} running {@code program} on every host. */
    public static Cluster build(Topology topology, HardwareProfile profile, HostProgram program) {
        return build(topology, profile, program, Failures.none());
    }

    /** As {@link #build(Topology, HardwareProfile, HostProgram)}, with cables cut at the times {@code failures} says. */
    public static Cluster build(Topology topology, HardwareProfile profile, HostProgram program, Failures failures) {
        List<Node> nodes = topology.nodes();
        int[] idOf = new int[nodes.size()];
        int[] recvOf = new int[nodes.size()];
        int[] sendOf = new int[nodes.size()];
        ModelBuilder mb = new ModelBuilder();
        // Connections name components not added yet; they are declared once every component exists.
        List<long[]> links = new ArrayList<>();
        // Ids first: switches, then five parts per host, then the host programs' parts.
        int next = 0;
        for (Node n : nodes) {
            if (n.isSwitch()) {
                idOf[n.index()] = next++;
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
        long cycle = profile.nic().lanai().cycles(1);
        var peers = topology.peers();
        // Where flits sent out of port p go, and where STOP/GO for port p's input goes.
        java.util.function.Function<Port, PortWiring> wiring = p -> {
            Port far = peers.get(p);
            if (far == null) {
                return PortWiring.UNPLUGGED;
            }
            Node other = nodes.get(far.node());
            var cut = failures.cutsAt(p);
            var fault = failures.faultAt(p);
            Peer out = other.isSwitch() ? new Peer(idOf[far.node()], far.port(), prop + fall, cut, fault)
                    : new Peer(recvOf[far.node()], 0, prop, cut, fault);
            var none = org.nowemu.hardware.link.LinkFault.NONE;
            Peer back = other.isSwitch() ? new Peer(idOf[far.node()], far.port(), prop, cut, none)
                    : new Peer(sendOf[far.node()], 0, prop, cut, none);
            return new PortWiring(out, back);
        };
        int[] switchIds = new int[topology.switches().size()];
        int s = 0;
        for (Node n : nodes) {
            if (n.isSwitch()) {
                List<PortWiring> ports = new ArrayList<>();
                for (int p = 0; p < n.ports(); p++) {
                    ports.add(wiring.apply(new Port(n.index(), p)));
                }
                int id = mb.add(n.name(), () -> new Switch(profile, ports));
                // A switch is a placement group with the hosts hanging off it: only cables between switches
                // may be cut when the model is spread over several JVMs.
                mb.group(id, s);
                mb.carries(id, org.nowemu.hardware.link.Flit.class, org.nowemu.hardware.link.StopGo.class);
                switchIds[s++] = id;
                for (PortWiring w : ports) {
                    if (w.plugged()) {
                        links.add(new long[] {id, w.out().component(), w.out().delay()});
                        links.add(new long[] {id, w.back().component(), w.back().delay()});
                    }
                }
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
            int group = groupOfHost(topology, n, switchIds.length, h);
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
        return new Cluster(topology, profile, switchIds, List.copyOf(nics), mb.build());
    }

    /** The switch a host hangs off (its placement group), or a group of its own if it is cabled to no switch. */
    private static int groupOfHost(Topology topology, Node host, int switches, int hostIndex) {
        Port far = topology.peers().get(new Port(host.index(), 0));
        if (far != null && topology.nodes().get(far.node()).isSwitch()) {
            return topology.switches().indexOf(topology.nodes().get(far.node()));
        }
        return switches + hostIndex;
    }

    private static void check(int got, int planned) {
        if (got != planned) {
            throw new IllegalStateException("component id " + got + " differs from the planned " + planned);
        }
    }
}
