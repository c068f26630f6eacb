package org.nowemu.workloads.campaign;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.hardware.topology.Topologies;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.AmCluster;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.workloads.experiment.Hosts;
import org.nowemu.workloads.experiment.Plan;
import org.nowemu.workloads.experiment.NamedWorkload;
import org.nowemu.workloads.faults.FaultSchedule;
import org.nowemu.workloads.faults.RandomFaults;
import org.nowemu.workloads.results.Series;

/**
 * One case of a fault campaign ({@code nowemu.fault-campaign}; {@code workloads/faults.conf} sweeps the cases):
 * steady contention and ring traffic ({@link CampaignProgram}) with the case's faults, which come on top of
 * {@code nowemu.faults}; a case may also set keys ({@code set}), for instance to run the mapper. The fault's span
 * is from the earliest {@code at} of the case to the latest end ({@code until}, or {@code at + for}); when an entry
 * has no end, to the remap if the mapper remapped ({@code faults.remap_us}), else {@code during} after it.
 *
 * <p>Metrics: {@code campaign.sent}, {@code .handled}, {@code .returned} (application messages, from the ledger),
 * {@code .retransmissions}, {@code .nacks} (sent), {@code .throughput_before_kreqps} (requests answered per
 * second, thousands, from warmup to the fault), {@code .throughput_during_kreqps}, {@code .throughput_after_kreqps}
 * (from the fault's end to the end of traffic), {@code .fault_from_us}, {@code .fault_to_us}. A case without faults
 * reports {@code .throughput_kreqps} over the whole measured time. With {@code nowemu.mapper.with-traffic} the
 * mapper daemons run beside the traffic and the {@code faults.*} metrics of {@code Remapping} come too
 * ({@code faults.remap_us}: from the first cut to the first map that reflects it). Series: {@code campaign-throughput}, requests
 * answered per second over virtual time with the fault's span marked.
 */
public final class FaultCampaignWorkload extends NamedWorkload {
    /** What the metrics need besides the settings: the fault's span (-1, -1 without faults). */
    record Measured(CampaignSettings settings, long faultFrom, long faultTo, boolean open,
                    org.nowemu.workloads.faults.Remapping remapping, String drawn) {
    }

    public FaultCampaignWorkload() {
        super("fault-campaign",
                "a fault campaign's case: steady contention and ring traffic, throughput before, during, after");
    }

    @Override
    public boolean takesFaults() {
        return true;
    }

    @Override
    public Plan plan(Config config) {
        ConfigReader base = new ConfigReader(config);
        CampaignSettings first = CampaignSettings.read(base, HardwareProfile.read(base));
        Config effective = first.caseKey() == null ? config : withCaseSettings(base, first.caseKey() + ".set");
        ConfigReader r = new ConfigReader(effective);
        HardwareProfile profile = HardwareProfile.read(r);
        CampaignSettings s = CampaignSettings.read(r, profile);
        Topology t = Topologies.build(r, profile.switches().ports());
        Hosts.require(t, s.hosts(), "the campaign runs a server, " + s.clients() + " clients and a ring of "
                + s.ringHosts());
        String drawn = null;
        if (s.random() != null) {
            // The drawn schedule becomes the case's own, so it is read, checked and measured as a written one is.
            List<String> withProcess = new ArrayList<>();
            for (int h = 0; h < s.hosts(); h++) {
                withProcess.add(t.hosts().get(h).name());
            }
            long seed = r.longValue("nowemu.seed");
            List<Map<String, Object>> entries = s.random().draw(t, withProcess, seed);
            drawn = "# Schedule " + s.random().schedule() + " of seed " + seed + " (nowemu.fault-campaign.random)\n"
                    + RandomFaults.render(entries);
            effective = effective.withValue(s.caseKey() + ".faults", ConfigValueFactory.fromIterable(entries));
            r = new ConfigReader(effective);
        }
        Failures f = FaultSchedule.read(r, t);
        if (s.caseKey() != null && r.config().hasPath(s.caseKey() + ".faults")) {
            f = FaultSchedule.read(r, t, s.caseKey() + ".faults", f);
            FaultSchedule.requireBefore(r, s.caseKey() + ".faults", s.duration(), "the campaign's traffic");
        }
        List<AmProgram> none = List.of();
        org.nowemu.workloads.faults.Remapping remapping = org.nowemu.workloads.faults.Remapping.read(r, t, profile, f);
        Cluster c = AmCluster.build(t, profile, h -> s.stack(), remapping.around(h -> {
            AmProgram p = h < s.hosts() ? CampaignProgram.host(h, s) : null;
            return p == null ? none : List.of(p);
        }), f);
        long[] span = span(r, s);
        boolean faults = FaultSchedule.any(effective) || span[0] >= 0;
        long horizon = s.duration() + (faults ? Math.max(s.duration(), s.stack().settlePs()) : s.duration());
        return new Plan(c.model(), horizon, new Measured(s, span[0], span[1], span[2] != 0, remapping, drawn),
                s.duration());
    }

    /** The configuration with the case's {@code set} keys applied; a key no reference.conf knows is bad input. */
    private static Config withCaseSettings(ConfigReader r, String setKey) {
        Config c = r.config();
        if (!c.hasPath(setKey)) {
            return c;
        }
        Config set;
        try {
            set = c.getConfig(setKey);
        } catch (ConfigException e) {
            throw ConfigReader.from(e);
        }
        for (Map.Entry<String, ConfigValue> e : new TreeMap<>(set.root()).entrySet()) {
            String key = e.getKey();
            if (!c.hasPath(key)) {
                throw r.bad(setKey + ".\"" + key + "\"", "sets '" + key + "', which no reference.conf knows");
            }
            c = c.withValue(key, e.getValue());
        }
        return c;
    }

    /** {from, to, open} of the case's faults (ps; open: 1 if an entry has no end), {-1, -1, 0} if it has none. */
    private static long[] span(ConfigReader r, CampaignSettings s) {
        if (s.caseKey() == null || !r.config().hasPath(s.caseKey() + ".faults")) {
            return new long[] {-1, -1, 0};
        }
        List<? extends Config> entries = r.config().getConfigList(s.caseKey() + ".faults");
        long from = Long.MAX_VALUE;
        long to = -1;
        boolean open = false;
        for (Config e : entries) {
            long at = e.getDuration("at").toNanos() * 1000L;
            from = Math.min(from, at);
            if (e.hasPath("until")) {
                to = Math.max(to, e.getDuration("until").toNanos() * 1000L);
            } else if (e.hasPath("for")) {
                to = Math.max(to, at + e.getDuration("for").toNanos() * 1000L);
            } else {
                open = true;
            }
        }
        if (entries.isEmpty()) {
            return new long[] {-1, -1, 0};
        }
        if (open) {
            to = Math.max(to, from + s.during());
        }
        return new long[] {from, Math.min(to, s.duration()), open ? 1 : 0};
    }

    @Override
    public SortedMap<String, Double> metrics(Plan plan, RunResult r) {
        Measured m = (Measured) plan.settings();
        CampaignSettings s = m.settings();
        TreeMap<String, Double> out = new TreeMap<>();
        Ledger l = r.ledger();
        out.put("campaign.sent", (double) l.sent());
        out.put("campaign.handled", (double) l.handledOnce() + l.returnedAfterHandling());
        out.put("campaign.returned", (double) l.returned() + l.returnedAfterHandling());
        out.put("campaign.retransmissions", (double) r.counter("vn.retransmissions"));
        out.put("campaign.nacks", (double) r.counter("vn.nacks_sent"));
        out.putAll(m.remapping().metrics(r));
        if (m.faultFrom() < 0) {
            out.put("campaign.throughput_kreqps", rate(r, s, s.warmup(), s.duration()));
            return out;
        }
        long to = faultEnd(m, out);
        out.put("campaign.fault_from_us", m.faultFrom() / 1e6);
        out.put("campaign.fault_to_us", to / 1e6);
        putRate(out, "campaign.throughput_before_kreqps", r, s, s.warmup(), m.faultFrom());
        putRate(out, "campaign.throughput_during_kreqps", r, s, m.faultFrom(), to);
        putRate(out, "campaign.throughput_after_kreqps", r, s, to, s.duration());
        return out;
    }

    /** The rate in [from, to) under {@code name}, if at least one whole bin lies inside. */
    private static void putRate(SortedMap<String, Double> out, String name, RunResult r, CampaignSettings s,
                                long from, long to) {
        if (to / s.bin() > (from + s.bin() - 1) / s.bin()) {
            out.put(name, rate(r, s, from, to));
        }
    }

    /**
     * Where "during" ends: the case's own end, or, for a fault without one that the mapper remapped, the remap
     * (from the run's {@code faults.remap_us}), else {@code during} after it.
     */
    private static long faultEnd(Measured m, SortedMap<String, Double> metrics) {
        Double remap = metrics.get("faults.remap_us");
        if (m.open() && remap != null) {
            return Math.min(m.settings().duration(), m.faultFrom() + Math.round(remap * 1e6));
        }
        return m.faultTo();
    }

    /** Requests answered per second (thousands) in the whole bins inside [from, to). */
    private static double rate(RunResult r, CampaignSettings s, long from, long to) {
        long first = (from + s.bin() - 1) / s.bin();
        long last = to / s.bin();
        if (last <= first) {
            return 0;
        }
        long done = 0;
        for (long k = first; k < last; k++) {
            done += r.counter("campaign.done." + k);
        }
        return done / ((last - first) * s.bin() / 1e12) / 1e3;
    }

    /** The random case's drawn schedule, as {@code faults.conf}: run it again with {@code --set} or in a file. */
    @Override
    public SortedMap<String, String> files(Plan plan, RunResult r) {
        TreeMap<String, String> out = new TreeMap<>();
        Measured m = (Measured) plan.settings();
        if (m.drawn() != null) {
            out.put("faults.conf", m.drawn());
        }
        return out;
    }

    @Override
    public List<Series> series(Plan plan, RunResult r) {
        Measured m = (Measured) plan.settings();
        CampaignSettings s = m.settings();
        List<Double> answered = new ArrayList<>();
        List<Double> back = new ArrayList<>();
        double peak = 0;
        for (int k = 0; k < s.bins(); k++) {
            double rate = r.counter("campaign.done." + k) / (s.bin() / 1e12) / 1e3;
            answered.add(rate);
            back.add(r.counter("campaign.back." + k) / (s.bin() / 1e12) / 1e3);
            peak = Math.max(peak, rate);
        }
        LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
        ys.put("answered", answered);
        ys.put("returned", back);
        if (m.faultFrom() >= 0) {
            long to = faultEnd(m, m.remapping().metrics(r));
            List<Double> mark = new ArrayList<>();
            for (int k = 0; k < s.bins(); k++) {
                long at = k * s.bin();
                mark.add(at >= m.faultFrom() && at < to ? peak : 0.0);
            }
            ys.put("fault (" + s.caseName() + ")", mark);
        }
        return List.of(Series.lines("campaign-throughput", "Requests answered over virtual time, case "
                + s.caseName(), "virtual time (ms)", "thousand requests/s", s.binStartsMs(), ys));
    }
}
