package org.nowemu.hardware.cluster;

import java.util.TreeMap;
import org.nowemu.hardware.link.LinkFault;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.link.TimeRanges;
import org.nowemu.hardware.topology.Node;
import org.nowemu.hardware.topology.Port;
import org.nowemu.hardware.topology.Topology;

/**
 * Cables that are cut at a virtual time or during time ranges (repaired in between), switches that fail (all
 * their cables cut at once), and cables with injected errors ({@link LinkFault}), and receivers that stop
 * draining for a while, and NICs that lose power for a while ({@link org.nowemu.hardware.nic.PowerCycle}). Both
 * ends of a cable are cut, or made faulty, together. Immutable: {@link #cable} and
 * {@link #switchDown} return a new set.
 */
public final class Failures {
    private final Topology topology;
    private final TreeMap<Port, TimeRanges> cutAt;
    private final TreeMap<Port, LinkFault> faults;
    /** Host node -> when its receive DMA stalls. */
    private final TreeMap<Integer, TimeRanges> stalls;
    /** (host node, process index) -> when that process crashes. */
    private final TreeMap<java.util.List<Integer>, Long> crashes;
    /** Host node -> its NIC's power cycles, {off, on} in time order. */
    private final TreeMap<Integer, java.util.List<long[]>> power;

    /** Cable ends -> when cut by a {@code cut-link} of their own (not as part of a failed switch). */
    private final TreeMap<Port, TimeRanges> linkCuts;
    /** Switch node -> when it is down ({@code fail-switch}). */
    private final TreeMap<Integer, TimeRanges> downs;

    private Failures(Topology topology, TreeMap<Port, TimeRanges> cutAt, TreeMap<Port, LinkFault> faults,
                     TreeMap<Integer, TimeRanges> stalls) {
        this(topology, cutAt, faults, stalls, new TreeMap<>(Failures::byNodeThenProcess), new TreeMap<>(),
                new TreeMap<>(), new TreeMap<>());
    }

    private Failures(Topology topology, TreeMap<Port, TimeRanges> cutAt, TreeMap<Port, LinkFault> faults,
                     TreeMap<Integer, TimeRanges> stalls, TreeMap<java.util.List<Integer>, Long> crashes,
                     TreeMap<Integer, java.util.List<long[]>> power, TreeMap<Port, TimeRanges> linkCuts,
                     TreeMap<Integer, TimeRanges> downs) {
        this.topology = topology;
        this.cutAt = cutAt;
        this.faults = faults;
        this.stalls = stalls;
        this.crashes = crashes;
        this.power = power;
        this.linkCuts = linkCuts;
        this.downs = downs;
    }

    private static int byNodeThenProcess(java.util.List<Integer> a, java.util.List<Integer> b) {
        int c = Integer.compare(a.get(0), b.get(0));
        return c != 0 ? c : Integer.compare(a.get(1), b.get(1));
    }

    /**
     * These failures and process {@code process} (in the order the host's programs are given) of host {@code node}
     * crashing at {@code atPs} (a second crash of the same process keeps the earlier time).
     */
    public Failures crash(int node, int process, long atPs) {
        Node n = topology.nodes().get(node);
        if (!n.isHost()) {
            throw new IllegalArgumentException(n.name() + " is not a host");
        }
        TreeMap<java.util.List<Integer>, Long> m = new TreeMap<>(crashes);
        m.merge(java.util.List.of(node, process), atPs, Math::min);
        return new Failures(topology, cutAt, faults, stalls, m, power, linkCuts, downs);
    }

    /** When process {@code process} of host {@code node} crashes ({@code Long.MAX_VALUE}: never). */
    public long crashOf(int node, int process) {
        return crashes.getOrDefault(java.util.List.of(node, process), Long.MAX_VALUE);
    }

    /** The highest process index a crash names on host {@code node}, or -1. */
    public int crashedProcessBound(int node) {
        int most = -1;
        for (java.util.List<Integer> k : crashes.keySet()) {
            if (k.get(0) == node) {
                most = Math.max(most, k.get(1));
            }
        }
        return most;
    }

    /** No failures. */
    public static Failures none() {
        return new Failures(null, new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
    }

    /** No failures yet, on {@code topology}. */
    public static Failures on(Topology topology) {
        return new Failures(topology, new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
    }

    /** These failures and the cable plugged into {@code end} cut at {@code atPs}. */
    public Failures cable(Port end, long atPs) {
        return cable(end, TimeRanges.from(atPs));
    }

    /** These failures and the cable plugged into {@code end} cut inside {@code when} (working between). */
    public Failures cable(Port end, TimeRanges when) {
        return cut(end, when, true);
    }

    /** The cable at {@code end} cut inside {@code when}, by a cut of its own ({@code own}) or its switch failing. */
    private Failures cut(Port end, TimeRanges when, boolean own) {
        Port far = far(end);
        TreeMap<Port, TimeRanges> m = new TreeMap<>(cutAt);
        m.merge(end, when, TimeRanges::or);
        m.merge(far, when, TimeRanges::or);
        TreeMap<Port, TimeRanges> l = linkCuts;
        if (own) {
            l = new TreeMap<>(linkCuts);
            l.merge(end, when, TimeRanges::or);
            l.merge(far, when, TimeRanges::or);
        }
        return new Failures(topology, m, faults, stalls, crashes, power, l, downs);
    }

    /** These failures and errors injected on the cable plugged into {@code end}, both directions. */
    public Failures linkFault(Port end, LinkFault fault) {
        Port far = far(end);
        TreeMap<Port, LinkFault> m = new TreeMap<>(faults);
        m.merge(end, fault, LinkFault::and);
        m.merge(far, fault, LinkFault::and);
        return new Failures(topology, cutAt, m, stalls, crashes, power, linkCuts, downs);
    }

    /**
     * These failures and the receive DMA of host {@code node} stalled from {@code fromPs} until {@code untilPs}
     * (it stops draining its link).
     */
    public Failures stall(int node, long fromPs, long untilPs) {
        return stall(node, TimeRanges.of(fromPs, untilPs, 0, 1));
    }

    /** These failures and the receive DMA of host {@code node} stalled inside {@code when} (with any others). */
    public Failures stall(int node, TimeRanges when) {
        Node n = topology.nodes().get(node);
        if (!n.isHost()) {
            throw new IllegalArgumentException(n.name() + " is not a host");
        }
        TreeMap<Integer, TimeRanges> m = new TreeMap<>(stalls);
        m.merge(node, when, TimeRanges::or);
        return new Failures(topology, cutAt, faults, m, crashes, power, linkCuts, downs);
    }

    /** When host {@code node}'s receive DMA is stalled ({@link TimeRanges#NEVER}: never). */
    public TimeRanges stallsOf(int node) {
        return stalls.getOrDefault(node, TimeRanges.NEVER);
    }

    /**
     * These failures and the NIC of host {@code node} without power from {@code offPs} until {@code onPs}
     * ({@code Long.MAX_VALUE}: for good); a cycle that overlaps one the host already has is refused.
     */
    public Failures powerCycle(int node, long offPs, long onPs) {
        Node n = topology.nodes().get(node);
        if (!n.isHost()) {
            throw new IllegalArgumentException(n.name() + " is not a host");
        }
        if (onPs <= offPs) {
            throw new IllegalArgumentException(n.name() + ": power back at " + onPs + " ps, not after the cut at "
                    + offPs + " ps");
        }
        java.util.List<long[]> cycles = new java.util.ArrayList<>();
        for (long[] c : powerCyclesOf(node)) {
            if (offPs < c[1] && c[0] < onPs) {
                throw new IllegalArgumentException(n.name() + "'s NIC is already off from " + c[0] + " ps to "
                        + (c[1] == Long.MAX_VALUE ? "the end" : c[1] + " ps"));
            }
            cycles.add(c);
        }
        cycles.add(new long[] {offPs, onPs});
        cycles.sort(java.util.Comparator.comparingLong((long[] c) -> c[0]));
        TreeMap<Integer, java.util.List<long[]>> m = new TreeMap<>(power);
        m.put(node, java.util.List.copyOf(cycles));
        return new Failures(topology, cutAt, faults, stalls, crashes, m, linkCuts, downs);
    }

    /** Host {@code node}'s NIC power cycles, {@code {off, on}} in time order (none: empty). */
    public long[][] powerCyclesOf(int node) {
        java.util.List<long[]> cycles = power.getOrDefault(node, java.util.List.of());
        long[][] copy = new long[cycles.size()][];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = cycles.get(i).clone();
        }
        return copy;
    }

    /** The errors injected on what is sent out of {@code end} ({@link LinkFault#NONE}: none). */
    public LinkFault faultAt(Port end) {
        return faults.getOrDefault(end, LinkFault.NONE);
    }

    /** These failures and every cable of switch {@code node} cut at {@code atPs}. */
    public Failures switchDown(int node, long atPs) {
        return switchDown(node, TimeRanges.from(atPs));
    }

    /** These failures and every cable of switch {@code node} cut inside {@code when} (working between). */
    public Failures switchDown(int node, TimeRanges when) {
        Node n = topology.nodes().get(node);
        if (!n.isSwitch()) {
            throw new IllegalArgumentException(n.name() + " is not a switch");
        }
        Failures f = this;
        for (int p = 0; p < n.ports(); p++) {
            if (topology.peer(new Port(node, p)) != null) {
                f = f.cut(new Port(node, p), when, false);
            }
        }
        TreeMap<Integer, TimeRanges> d = new TreeMap<>(f.downs);
        d.merge(node, when, TimeRanges::or);
        return new Failures(topology, f.cutAt, faults, stalls, crashes, power, f.linkCuts, d);
    }

    /** When the cable at {@code end} is cut by a cut of its own, not as part of a failed switch. */
    public TimeRanges linkCutsAt(Port end) {
        return linkCuts.getOrDefault(end, TimeRanges.NEVER);
    }

    /** When switch {@code node} is down ({@link TimeRanges#NEVER}: never). */
    public TimeRanges downsOf(int node) {
        return downs.getOrDefault(node, TimeRanges.NEVER);
    }

    /** When the first of host {@code node}'s processes crashes ({@code Long.MAX_VALUE}: none does). */
    public long firstCrashOn(int node) {
        long first = Long.MAX_VALUE;
        for (var e : crashes.entrySet()) {
            if (e.getKey().get(0) == node) {
                first = Math.min(first, e.getValue());
            }
        }
        return first;
    }

    /** Whether anything fails at all (a run without failures needs no account of them). */
    public boolean any() {
        return !cutAt.isEmpty() || !faults.isEmpty() || !stalls.isEmpty() || !crashes.isEmpty() || !power.isEmpty();
    }

    /** The network these failures are on (null for {@link #none()}). */
    public Topology topology() {
        return topology;
    }

    /** The other end of the cable plugged into {@code end}. */
    private Port far(Port end) {
        Port far = topology.peer(end);
        if (far == null) {
            throw new IllegalArgumentException("no cable is plugged into " + topology.nodes().get(end.node()).name()
                    + " port " + end.port());
        }
        return far;
    }

    /** When the cable at {@code end} is first cut ({@link Peer#NEVER}: never). */
    public long cutAt(Port end) {
        return cutsAt(end).first();
    }

    /** When the cable at {@code end} is cut ({@link TimeRanges#NEVER}: never). */
    public TimeRanges cutsAt(Port end) {
        return cutAt.getOrDefault(end, TimeRanges.NEVER);
    }
}
