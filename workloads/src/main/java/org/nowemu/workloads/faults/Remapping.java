package org.nowemu.workloads.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.link.Peer;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Cable;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.mapper.check.MapCheck;
import org.nowemu.mapper.check.Walks;
import org.nowemu.mapper.daemon.MapperDaemon;
import org.nowemu.mapper.daemon.MapperOutcome;
import org.nowemu.mapper.daemon.MapperSettings;
import org.nowemu.protocol.am.AmProgram;

/**
 * The mapper daemons beside a faulted experiment's traffic ({@code nowemu.mapper.with-traffic}): a
 * {@link MapperDaemon} process on every host after the experiment's own (so the experiment's endpoint indices stay
 * what they were), hosts without a program too. The NICs keep the topology's routes at start; the daemons' tables
 * replace them, and with {@code nowemu.mapper.remap-period} the leader maps the network again each period.
 *
 * <p>Metrics: {@code faults.remap_us}, the virtual time from the first cable cut of the schedule (a {@code cut-link}
 * or {@code fail-switch}) to the first distribution of a map that reflects it: one that matches, port for port,
 * the network as it was with every cable cut by some time between the first cut and that distribution (what the
 * leader can reach of it); absent if no such map was distributed. {@code faults.map_us}, when the first map was
 * distributed; {@code faults.remaps}, the leaders' maps after their first; {@code faults.leaders}, daemons that
 * led at some time (a cut that leaves hosts without a way to the leader makes a leader on their side too, see
 * {@link MapperDaemon}); {@code faults.unreachable}, the NICs the main leader (whose latest map found the most
 * hosts) last reported unreachable (no longer found, or never acknowledging their table);
 * {@code faults.maps_mismatched}, maps distributed that match the network as it stood at no time (before the cuts
 * or after any of them; a lone cut-off host's map of itself left out): under heavy traffic probe answers can come
 * after {@code nowemu.mapper.probe-timeout}, and hosts, or switches' identities, are missed.
 * {@code faults.switch_truncated} and {@code faults.nic_truncated}: packets the switches reset after a path was
 * blocked for {@code link.block-timeout}, and truncated packets the NICs received.
 */
public final class Remapping {
    private final Topology topology;
    private final Failures failures;
    private final MapperDaemon daemon;

    private Remapping(Topology topology, Failures failures, MapperDaemon daemon) {
        this.topology = topology;
        this.failures = failures;
        this.daemon = daemon;
    }

    /** The daemons if {@code nowemu.mapper.with-traffic} asks for them, else none. */
    public static Remapping read(ConfigReader r, Topology topology, HardwareProfile profile, Failures failures) {
        if (!MapperSettings.withTraffic(r)) {
            return new Remapping(topology, failures, null);
        }
        return new Remapping(topology, failures, new MapperDaemon(MapperSettings.read(r), profile.switches().ports()));
    }

    /** {@code programs} with a daemon appended on every host (unchanged when off). */
    public IntFunction<List<AmProgram>> around(IntFunction<List<AmProgram>> programs) {
        if (daemon == null) {
            return programs;
        }
        return h -> {
            List<AmProgram> all = new ArrayList<>(programs.apply(h));
            all.add(daemon);
            return all;
        };
    }

    /** The metrics above (none when off). */
    public SortedMap<String, Double> metrics(org.nowemu.actors.runtime.RunResult r) {
        TreeMap<String, Double> m = new TreeMap<>();
        if (daemon == null) {
            return m;
        }
        m.put("faults.remaps", (double) r.counter("map.remaps"));
        m.put("faults.switch_truncated", (double) r.counter("switch.truncated"));
        m.put("faults.nic_truncated", (double) r.counter("nic.rx.truncated"));
        List<MapperOutcome.Distribution> all = MapperOutcome.of(r).distributions();
        if (all.isEmpty()) {
            return m;
        }
        m.put("faults.map_us", all.get(0).atPs() / 1e6);
        // The main leader: the one whose latest map found the most hosts (the latest such, on a tie).
        TreeMap<Integer, MapperOutcome.Distribution> latest = new TreeMap<>();
        for (MapperOutcome.Distribution d : all) {
            latest.put(d.leader(), d);
        }
        MapperOutcome.Distribution main = null;
        for (MapperOutcome.Distribution d : latest.values()) {
            if (main == null || d.map().hosts().size() > main.map().hosts().size()
                    || (d.map().hosts().size() == main.map().hosts().size() && d.atPs() > main.atPs())) {
                main = d;
            }
        }
        m.put("faults.unreachable", (double) main.unreachable().size());
        m.put("faults.leaders", (double) latest.size());
        TreeSet<Long> cuts = new TreeSet<>();
        for (Cable c : topology.cables()) {
            long at = failures.cutAt(c.a());
            if (at != Peer.NEVER) {
                cuts.add(at);
            }
        }
        long remap = -1;
        int mismatched = 0;
        for (MapperOutcome.Distribution d : all) {
            // The network as it stood before any cut, then after each cut up to this distribution: the one the map
            // matches, if any (the latest, when several do).
            long matches = Long.MIN_VALUE;
            if (MapCheck.compare(d.map(), new Walks(topology)).isomorphic()) {
                matches = -1;
            }
            for (long t : cuts.headSet(d.atPs(), true)) {
                if (MapCheck.compare(d.map(), new Walks(topology, standing(t))).isomorphic()) {
                    matches = t;
                }
            }
            if (matches == Long.MIN_VALUE && d.map().hosts().size() > 1) {
                mismatched++;
            } else if (remap < 0 && !cuts.isEmpty() && matches >= cuts.first()) {
                remap = d.atPs() - cuts.first();
            }
        }
        m.put("faults.maps_mismatched", (double) mismatched);
        if (remap >= 0) {
            m.put("faults.remap_us", remap / 1e6);
        }
        return m;
    }

    /** The cables not cut by {@code t}. */
    private List<Cable> standing(long t) {
        List<Cable> kept = new ArrayList<>();
        for (Cable c : topology.cables()) {
            if (failures.cutAt(c.a()) > t) {
                kept.add(c);
            }
        }
        return kept;
    }
}
