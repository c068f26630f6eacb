package org.nowemu.mapper.daemon;

import java.util.TreeSet;
import org.nowemu.mapper.graph.NetMap;
import org.nowemu.mapper.routes.RouteSet;

/**
 * What the daemons of one run report for the experiment's results: the leader, its map and routes, when it
 * finished, which NICs took their tables, and every map distributed (remaps too). Written by the daemons' programs
 * (each on its own thread), read after the run; it never feeds back into the emulation. Over several JVMs it holds
 * what the daemons of this JVM reported.
 */
public final class MapperOutcome {
    /**
     * A map that daemon {@code leader} completed and whose tables it had sent out at {@code atPs}, and the NICs it
     * reported unreachable then.
     */
    public record Distribution(int leader, long atPs, NetMap map, java.util.Set<Integer> unreachable) {
    }

    private int leader = -1;
    private NetMap map;
    private RouteSet routes;
    private long distributedAtPs = -1;
    private final TreeSet<Integer> unreachable = new TreeSet<>();
    private final TreeSet<Integer> installed = new TreeSet<>();
    private int elections;
    private final java.util.List<Distribution> distributions = new java.util.ArrayList<>();

    synchronized void led(int nic, NetMap m, RouteSet r, long atPs, TreeSet<Integer> lost) {
        elections++;
        distributions.add(new Distribution(nic, atPs, m, java.util.Set.copyOf(lost)));
        if (distributedAtPs < 0 || atPs >= distributedAtPs) {
            leader = nic;
            map = m;
            routes = r;
            distributedAtPs = atPs;
            unreachable.clear();
            unreachable.addAll(lost);
        }
    }

    synchronized void installed(int nic) {
        installed.add(nic);
    }

    public synchronized int leader() {
        return leader;
    }

    public synchronized NetMap map() {
        return map;
    }

    public synchronized RouteSet routes() {
        return routes;
    }

    /** Virtual time at which the last leader had distributed its routes (ps), or -1. */
    public synchronized long distributedAtPs() {
        return distributedAtPs;
    }

    /** NICs the leader found but that never acknowledged their tables. */
    public synchronized TreeSet<Integer> unreachable() {
        return new TreeSet<>(unreachable);
    }

    /** NICs whose daemons installed a table from a leader (the leader's own not counted). */
    public synchronized TreeSet<Integer> installed() {
        return new TreeSet<>(installed);
    }

    /**
     * Every map distributed, by time (then leader): the first one and each remap, so that one that reflects a
     * fault can be found; by every leader (a cut can leave a leader on each side).
     */
    public synchronized java.util.List<Distribution> distributions() {
        java.util.List<Distribution> out = new java.util.ArrayList<>(distributions);
        out.sort(java.util.Comparator.comparingLong(Distribution::atPs).thenComparingInt(Distribution::leader));
        return out;
    }

    /** Times a daemon completed a map and distributed routes. */
    public synchronized int elections() {
        return elections;
    }
}
