package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.actors.stats.Digest;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.system.Stack;
import org.nowemu.workloads.motifs.MotifProgram;
import org.nowemu.protocol.system.SystemCluster;
import org.nowemu.workloads.experiment.NetworkWorkload;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * Traffic described as data ({@code nowemu.traffic}, docs/workloads.md): jobs, each on its own hosts and stack (any
 * system with a Messenger), sharing one fabric; each job's phases a pattern, a size distribution, an arrival process
 * and an offered load, for a duration or a count of messages, with a warm-up. A job may sweep its load: the report
 * then plots mean and p99 latency against accepted load, and the first saturated point is a metric
 * ({@link TrafficResults} names them all).
 */
public final class TrafficWorkload extends NetworkWorkload {
    /** What the plan hands to the metrics: the settings and each job's schedule. */
    record Planned(TrafficSettings settings, List<Schedule> schedules) {
    }

    public TrafficWorkload() {
        super("traffic",
                "jobs of patterns, sizes and arrivals on any stacks, sharing the fabric: throughput, latency, saturation");
    }

    @Override
    protected Plan plan(ConfigReader r, HardwareProfile profile, Topology t) {
        int n = t.hosts().size();
        TrafficSettings s = TrafficSettings.read(r, profile, n);
        long seed = r.longValue("nowemu.seed");
        List<Schedule> schedules = new ArrayList<>();
        Stack<?, ?>[] stackOf = new Stack<?, ?>[n];
        Object[] programOf = new Object[n];
        long end = 0;
        long motifEnd = 0;
        for (TrafficSettings.Job job : s.jobs()) {
            Schedule sc = Schedule.of(job, s.startPs(), s.gapPs(), seed);
            schedules.add(sc);
            end = Math.max(end, sc.endPs);
            int[] hosts = job.hosts().stream().mapToInt(Integer::intValue).toArray();
            int[] rankOf = new int[n];
            java.util.Arrays.fill(rankOf, -1);
            for (int i = 0; i < hosts.length; i++) {
                rankOf[hosts[i]] = i;
            }
            long jobSeed = Digest.mix(seed, Digest.of(job.name()));
            for (int i = 0; i < hosts.length; i++) {
                stackOf[hosts[i]] = job.stack();
                MessengerProgram p = job.isMotif()
                        ? new MotifProgram(job.name(), job.motifs(), i, hosts, rankOf, s.startPs(), Digest.mix(jobSeed, i))
                        : new TrafficProgram(job.name(), sc, i, hosts, rankOf, s.messagesCsv(),
                                job.acks() ? s.ackBytes() : 0);
                int max = job.acks() ? Math.max(job.maxBytes(), s.ackBytes()) : job.maxBytes();
                programOf[hosts[i]] = job.stack().messengerProgram(max, p).orElseThrow();
            }
            if (job.isMotif()) {
                motifEnd = s.startPs() + s.motifLimitPs();
            }
        }
        Stack<?, ?> idle = s.jobs().get(0).stack();
        for (TrafficSettings.Job job : s.jobs()) {
            job.stack().check(t, profile);
        }
        Cluster c = SystemCluster.build(t, profile, h -> stackOf[h] != null ? stackOf[h] : idle,
                h -> programOf[h] != null ? List.of(programOf[h]) : List.of(), Failures.none());
        // A motif job ends when its ranks are done, which only the run tells: the run lasts its limit, ranks that
        // are done wait without events meanwhile.
        long horizon = Math.max(end + s.drainPs(), motifEnd);
        return new Plan(c.model(), horizon, new Planned(s, List.copyOf(schedules)), Math.max(end, motifEnd));
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        return TrafficResults.metrics((Planned) plan.settings(), r);
    }

    @Override
    public List<String> failures(Plan plan, RunResult r) {
        return TrafficResults.failures((Planned) plan.settings(), r);
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        return TrafficResults.series((Planned) plan.settings(), r);
    }

    @Override
    public SortedMap<String, String> files(Plan plan, RunResult r) {
        Planned p = (Planned) plan.settings();
        SortedMap<String, String> out = new java.util.TreeMap<>();
        if (p.settings().messagesCsv()) {
            out.put("traffic-messages.csv", MessageRows.csv(p, r));
        }
        return out;
    }

    @Override
    public List<Table> tables(Plan plan, RunResult r) {
        return TrafficResults.tables((Planned) plan.settings(), r);
    }
}
