package org.nowemu.workloads.overcommit;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.ClusterWorkload;

/**
 * More busy endpoints on one NIC than it has frames ({@code nowemu.overcommit}): one threaded server on host 0,
 * clients on hosts 1..n, programs in {@link OvercommitProgram}.
 *
 * <p>Metrics: {@code overcommit.requests} (sent by clients), {@code overcommit.replies} (received by clients),
 * {@code overcommit.endpoint_faults} (threads touching non-resident endpoints plus messages arriving for them),
 * {@code overcommit.evictions}, {@code overcommit.nacks} (sent by every NIC), {@code overcommit.server_rate_msgps}
 * (requests the server handled within the duration, per second of it).
 */
public final class OvercommitWorkload extends ClusterWorkload<OvercommitSettings> {
    public OvercommitWorkload() {
        super("overcommit",
                "a threaded server with more busy endpoints than NIC frames: faults, evictions, NACKs, rate",
                OvercommitSettings::read);
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, OvercommitSettings s, Topology t) {
        Hosts.require(t, s.clients() + 1, "overcommit runs a server and " + s.clients() + " clients");
        Cluster c = AmCluster.build(t, profile, h -> s.stack(), h -> {
            if (h == 0) {
                return List.of(OvercommitProgram.server(s.clients(), s.start(), s.duration()));
            }
            if (h > s.clients()) {
                return List.of();
            }
            int endpoint = AmCluster.firstEndpoint(s.stack(), 1, 0, s.clients(), h - 1);
            return List.of(OvercommitProgram.client(new EndpointName(0, endpoint), s.args(), s.start(),
                    s.duration()));
        });
        return new Plan(c.model(), s.maxTimePs(), s);
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        OvercommitSettings s = (OvercommitSettings) plan.settings();
        TreeMap<String, Double> m = new TreeMap<>();
        m.put("overcommit.requests", (double) r.counter("overcommit.requests"));
        m.put("overcommit.replies", (double) r.counter("overcommit.replies"));
        m.put("overcommit.endpoint_faults", (double) (r.counter("driver.faults") + r.counter("driver.nic_faults")));
        m.put("overcommit.evictions", (double) r.counter("vn.evictions"));
        m.put("overcommit.nacks", (double) r.counter("vn.nacks_sent"));
        m.put("overcommit.server_rate_msgps", r.counter("overcommit.handled_in_time") / (s.duration() / 1e12));
        return m;
    }
}
