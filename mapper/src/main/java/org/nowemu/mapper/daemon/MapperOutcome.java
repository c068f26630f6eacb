package org.nowemu.mapper.daemon;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.mapper.graph.MapImage;
import org.nowemu.mapper.graph.NetMap;
import org.nowemu.mapper.routes.RouteSet;
import org.nowemu.mapper.routes.UpDownRoutes;

/**
 * What the daemons of one run report for the experiment's results: the leader, its map and routes, when it
 * finished, which NICs took their tables, and every map distributed (remaps too). Each daemon records its own
 * part as outcomes of its process ({@link Led}, {@link Installed}); {@link #of} puts those of the whole run
 * together from its result, the same on one JVM or several, whatever the threads did.
 */
public final class MapperOutcome {
    /**
     * Recorded by daemon {@code leader} each time it has sent out the tables of a map, at {@code atPs}, with the
     * NICs it reported unreachable then (ascending).
     */
    public record Led(int leader, long atPs, MapImage map, int[] unreachable) {
    }

    /** Recorded by the daemon of {@code nic} when it installs a leader's table while it had none. */
    public record Installed(int nic) {
    }

    /**
     * A map that daemon {@code leader} completed and whose tables it had sent out at {@code atPs}, and the NICs it
     * reported unreachable then.
     */
    public record Distribution(int leader, long atPs, NetMap map, Set<Integer> unreachable) {
    }

    private final List<Distribution> distributions;
    private final TreeSet<Integer> installed;

    private MapperOutcome(List<Distribution> distributions, TreeSet<Integer> installed) {
        this.distributions = List.copyOf(distributions);
        this.installed = installed;
    }

    /** The daemons' outcomes in {@code r}: maps by time, then leader (several leaders can finish at one time). */
    public static MapperOutcome of(RunResult r) {
        List<Distribution> all = new ArrayList<>();
        for (Led l : r.outcomes(Led.class)) {
            TreeSet<Integer> lost = new TreeSet<>();
            for (int nic : l.unreachable()) {
                lost.add(nic);
            }
            all.add(new Distribution(l.leader(), l.atPs(), l.map().map(), java.util.Collections.unmodifiableSet(lost)));
        }
        all.sort(Comparator.comparingLong(Distribution::atPs).thenComparingInt(Distribution::leader));
        TreeSet<Integer> installed = new TreeSet<>();
        for (Installed i : r.outcomes(Installed.class)) {
            installed.add(i.nic());
        }
        return new MapperOutcome(all, installed);
    }

    /** The last map distributed (by time, then leader), or null if none was. */
    private Distribution last() {
        return distributions.isEmpty() ? null : distributions.get(distributions.size() - 1);
    }

    /** The daemon that distributed the last map, or -1. */
    public int leader() {
        return last() == null ? -1 : last().leader();
    }

    /** The last map distributed, or null. */
    public NetMap map() {
        return last() == null ? null : last().map();
    }

    /** The routes of the last map: up*&#47;down* over it, as its leader computed them; null without a map. */
    public RouteSet routes() {
        return last() == null ? null : UpDownRoutes.compute(last().map());
    }

    /** Virtual time at which the last leader had distributed its routes (ps), or -1. */
    public long distributedAtPs() {
        return last() == null ? -1 : last().atPs();
    }

    /** NICs the last leader found but that never acknowledged their tables, or no longer found. */
    public TreeSet<Integer> unreachable() {
        return last() == null ? new TreeSet<>() : new TreeSet<>(last().unreachable());
    }

    /** NICs whose daemons installed a table from a leader (the leader's own not counted). */
    public TreeSet<Integer> installed() {
        return new TreeSet<>(installed);
    }

    /**
     * Every map distributed, by time (then leader): the first one and each remap, so that one that reflects a
     * fault can be found; by every leader (a cut can leave a leader on each side).
     */
    public List<Distribution> distributions() {
        return distributions;
    }
}
