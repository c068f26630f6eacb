package org.nowemu.protocol.parts.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.nowemu.actors.runtime.Exposures;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.link.LinkFault;
import org.nowemu.hardware.link.TimeRanges;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.SourceRoutes;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.system.Assumptions;

/**
 * The faults of a run as the ledger weighs a lost message of a stack that assumes some away ({@link Assumptions}):
 * for a process on host s and a destination host d, every fault of an assumed kind on the message's way, with when
 * it first holds. The way is the topology's shortest route from s to d and the one back (the NICs' routes at start;
 * a mapper's later routes are not followed): bit errors, lost packets or damaged route bytes on a cable of either
 * ({@code link-errors}, {@code corrupt-route}, and the profile's own bit-error rate, as {@code link-errors} from
 * the start), a cable of either cut on its own ({@code cut-link}), a switch on either failing
 * ({@code fail-switch}), and at the two hosts a NIC power cycle ({@code power-cycle}) or a process crash
 * ({@code crash-process}). Read from the configuration only, once per destination a process sends to, so it
 * changes nothing in the run; one per model, shared read-only by the processes of every host.
 */
public final class FaultExposures {
    private final Topology topology;
    private final Failures failures;
    private final boolean noisyLinks;
    private final SourceRoutes.Graph graph;

    private FaultExposures(Topology topology, Failures failures, boolean noisyLinks) {
        this.topology = topology;
        this.failures = failures;
        this.noisyLinks = noisyLinks;
        this.graph = new SourceRoutes.Graph(topology);
    }

    /** The exposures of a run on {@code topology}, or null if nothing in it fails (there is nothing to weigh). */
    public static FaultExposures of(Topology topology, HardwareProfile profile, Failures failures) {
        boolean noisy = profile.link().bitErrorRate() > 0;
        return failures.any() || noisy ? new FaultExposures(topology, failures, noisy) : null;
    }

    /**
     * What a process on host {@code host} (host order), whose stack assumes {@code assumed}, meets on its way to
     * each host; null if the stack assumes nothing.
     */
    public Exposures from(int host, Assumptions assumed) {
        if (assumed.assumed().isEmpty()) {
            return null;
        }
        return dest -> to(host, dest, assumed);
    }

    private List<Exposures.Exposure> to(int from, int to, Assumptions assumed) {
        if (to < 0 || to >= topology.hosts().size() || to == from) {
            return List.of();
        }
        int s = topology.hosts().get(from).index();
        int d = topology.hosts().get(to).index();
        TreeSet<Port> cables = new TreeSet<>();
        TreeSet<Integer> switches = new TreeSet<>();
        walk(s, d, cables, switches);
        walk(d, s, cables, switches);
        TreeMap<String, Long> first = new TreeMap<>();
        if (noisyLinks) {
            first.put("link-errors", 0L);
        }
        for (Port end : cables) {
            note(first, "cut-link", failures.linkCutsAt(end));
            for (LinkFault.Part part : failures.faultAt(end).parts()) {
                if (part.bitErrorRate() > 0 || part.dropFraction() > 0) {
                    note(first, "link-errors", part.when());
                }
                if (part.routeFraction() > 0) {
                    note(first, "corrupt-route", part.when());
                }
            }
        }
        for (int sw : switches) {
            note(first, "fail-switch", failures.downsOf(sw));
        }
        for (int h : List.of(s, d)) {
            long[][] cycles = failures.powerCyclesOf(h);
            if (cycles.length > 0) {
                note(first, "power-cycle", cycles[0][0]);
            }
            note(first, "crash-process", failures.firstCrashOn(h));
        }
        List<Exposures.Exposure> out = new ArrayList<>();
        first.forEach((kind, at) -> {
            if (assumed.assumes(kind)) {
                out.add(new Exposures.Exposure(kind, at));
            }
        });
        return out;
    }

    private static void note(TreeMap<String, Long> first, String kind, TimeRanges when) {
        if (when.any()) {
            note(first, kind, when.first());
        }
    }

    private static void note(TreeMap<String, Long> first, String kind, long at) {
        if (at != Long.MAX_VALUE) {
            first.merge(kind, at, Math::min);
        }
    }

    /**
     * The cables (each by both its ends) and switches of the route from host node {@code s} to host node
     * {@code d}; with no route, the two hosts' own cables.
     */
    private void walk(int s, int d, TreeSet<Port> cables, TreeSet<Integer> switches) {
        byte[] route = graph.route(s, d);
        Port out = new Port(s, 0);
        for (int hop = 0; route != null && hop <= route.length; hop++) {
            Port in = topology.peer(out);
            if (in == null) {
                return;
            }
            cables.add(out);
            cables.add(in);
            Node at = topology.nodes().get(in.node());
            if (at.isHost() || hop == route.length) {
                return;
            }
            switches.add(at.index());
            out = new Port(at.index(), route[hop] & 0xff);
        }
        for (int h : List.of(s, d)) {
            Port end = new Port(h, 0);
            if (topology.peer(end) != null) {
                cables.add(end);
                cables.add(topology.peer(end));
            }
        }
    }
}
