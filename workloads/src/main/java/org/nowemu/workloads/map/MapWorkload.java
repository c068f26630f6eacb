package org.nowemu.workloads.map;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.mapper.check.Deadlock;
import org.nowemu.mapper.check.MapCheck;
import org.nowemu.mapper.check.Walks;
import org.nowemu.mapper.daemon.MapperDaemon;
import org.nowemu.mapper.daemon.MapperOutcome;
import org.nowemu.mapper.daemon.MapperSettings;
import org.nowemu.mapper.graph.NetMap;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.system.Stacks;
import org.nowemu.workloads.experiment.ClusterWorkload;
import org.nowemu.workloads.experiment.Plan;

/**
 * Maps a topology ({@code nowemu.map}): a mapper daemon on every host, NIC routing tables empty at start. The
 * daemons elect a leader, which maps the network and distributes up*&#47;down* routes. The leader's map is
 * compared with the real topology and its routes walked over the real cables.
 *
 * <p>Metrics: {@code map.hosts}, {@code map.switches}, {@code map.links} (discovered), {@code map.isomorphic} (1
 * if the map matches the topology port for port), {@code map.deadlock_free} (1 if every route delivers and the
 * channel-dependency graph is acyclic), {@code map.probes}, {@code map.probes_lost}, {@code map.leader} (NIC),
 * {@code map.time_ms} (virtual, until the leader had distributed its tables), {@code map.unreachable} (NICs
 * found that never took their tables). Files: {@code map.dot}, the discovered graph.
 */
public final class MapWorkload extends ClusterWorkload<MapWorkload.Settings> {
    private record Planned(Topology topology) {
    }

    /** The mapper daemons' settings and the stack they run on ({@code nowemu.map.stack}). */
    record Settings(MapperSettings mapper, StackSettings stack) {
        static Settings read(ConfigReader r, HardwareProfile profile) {
            MapperSettings ms = MapperSettings.read(r);
            return new Settings(ms, Stacks.named(r, "nowemu.map.stack", r.string("nowemu.map.stack"),
                    profile.nic().maxPacketBytes()));
        }
    }

    public MapWorkload() {
        super("map", "mapper daemons elect a leader that maps the network and distributes deadlock-free routes",
                Settings::read);
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, Settings s, Topology t) {
        MapperDaemon daemon = new MapperDaemon(s.mapper(), profile.switches().ports());
        Cluster c = Cluster.build(t, profile, AmCluster.program(t, profile, h -> s.stack(), h -> List.of(daemon),
                false));
        return new Plan(c.model(), r.duration("nowemu.map.max-time", VirtualTime.US), new Planned(t));
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        Planned p = (Planned) plan.settings();
        MapperOutcome o = MapperOutcome.of(r);
        TreeMap<String, Double> m = new TreeMap<>();
        m.put("map.probes", (double) r.counter("map.probes"));
        m.put("map.probes_lost", (double) r.counter("map.probes_lost"));
        NetMap map = o.map();
        if (map == null) {
            return m;
        }
        Walks walks = new Walks(p.topology());
        m.put("map.hosts", (double) map.hosts().size());
        m.put("map.switches", (double) map.switches().size());
        m.put("map.links", (double) map.linkCount());
        m.put("map.isomorphic", MapCheck.compare(map, walks).isomorphic() ? 1.0 : 0.0);
        m.put("map.deadlock_free", Deadlock.check(o.routes(), walks).ok() ? 1.0 : 0.0);
        m.put("map.leader", (double) o.leader());
        m.put("map.time_ms", o.distributedAtPs() / 1e9);
        m.put("map.unreachable", (double) o.unreachable().size());
        return m;
    }

    @Override
    public SortedMap<String, String> files(Plan plan, RunResult r) {
        TreeMap<String, String> f = new TreeMap<>();
        NetMap map = MapperOutcome.of(r).map();
        if (map != null) {
            f.put("map.dot", map.dot());
        }
        return f;
    }
}
