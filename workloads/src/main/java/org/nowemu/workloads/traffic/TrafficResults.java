package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.workloads.motifs.MotifResults;
import org.nowemu.workloads.results.Series;
import org.nowemu.workloads.results.Table;

/**
 * The traffic workload's figures, from the counters its programs kept ({@link TrafficProgram}).
 *
 * <p>Per job and phase ({@code traffic.<job>.<phase>.}): the counts {@code created_n}, {@code sent_n},
 * {@code unsent_n}, {@code delivered_n}, {@code accepted_n} ({@link TrafficProgram}); {@code offered_MBps} and {@code accepted_MBps} (per host:
 * bytes created, and bytes that arrived, inside the measured window, over the window and the job's hosts),
 * {@code accepted_agg_MBps} (all hosts), {@code latency_mean_us}, {@code latency_p50_us}, {@code latency_p99_us},
 * {@code latency_max_us} (creation to arrival of the messages created inside the window), {@code delivered_share}
 * (of those, the share that arrived before the run ended), {@code host_min_over_mean} and {@code host_max_over_mean}
 * (each host's accepted bytes against the mean: the per-host spread), {@code saturated} (1 when the accepted load is
 * below {@code saturation.accepted-fraction} of the offered, or, in a sweep, the mean latency above
 * {@code saturation.latency-multiple} times the sweep's first, lowest-load point's). Per job: {@code unmatched},
 * and for a sweep {@code zero_load_latency_us} (the first point's mean), {@code peak_accepted_MBps},
 * {@code saturation_offered_MBps} (the offered load of the first saturated point; absent when none saturates).
 * A closed-loop job's figures are its senders' ({@link ClosedLoop}), with {@code outstanding_max} per phase (the
 * most messages any host had in flight), {@code received_n} per job (messages its receivers counted) and
 * {@code acks_n} (the acknowledgements they sent back, on a stack that does not tell a sender; 0 on AM).
 */
final class TrafficResults {
    private TrafficResults() {
    }

    /** One phase's figures; NaN where nothing was measured. */
    record Point(double offered, double accepted, double aggregate, double mean, double p50, double p99, double max,
                 double delivered, double hostMin, double hostMax) {
    }

    static Point point(TrafficSettings.Job job, Schedule s, int p, RunResult r) {
        String k = TrafficProgram.key(job.name(), s.labels.get(p));
        Schedule.Window w = s.windows.get(p);
        double seconds = (w.end() - w.from()) / 1e12;
        int n = job.hosts().size();
        double offered = r.counter(k + "offered_bytes") / seconds / n / 1e6;
        double agg = r.counter(k + "accepted_bytes") / seconds / 1e6;
        long latN = r.counter(k + "lat_n");
        Histogram h = new Histogram(TrafficProgram.DIGITS);
        String prefix = k + "lat.";
        for (Map.Entry<String, Long> e : r.counters().subMap(prefix, prefix + Character.MAX_VALUE).entrySet()) {
            h.recordValueWithCount(Long.parseLong(e.getKey().substring(prefix.length())), e.getValue());
        }
        double mean = latN == 0 ? Double.NaN : r.counter(k + "lat_sum_ps") / (double) latN / 1e6;
        double p50 = latN == 0 ? Double.NaN : h.getValueAtPercentile(50) / 1e6;
        double p99 = latN == 0 ? Double.NaN : h.getValueAtPercentile(99) / 1e6;
        double max = latN == 0 ? Double.NaN : h.getMaxValue() / 1e6;
        long offeredN = r.counter(k + "offered_n");
        double delivered = offeredN == 0 ? Double.NaN : latN / (double) offeredN;
        double total = 0;
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (int host : job.hosts()) {
            double b = r.counter(k + "host." + host + ".accepted_bytes");
            total += b;
            lo = Math.min(lo, b);
            hi = Math.max(hi, b);
        }
        double hostMean = total / n;
        return new Point(offered, agg / n, agg, mean, p50, p99, max, delivered,
                hostMean > 0 ? lo / hostMean : Double.NaN, hostMean > 0 ? hi / hostMean : Double.NaN);
    }

    /** The latency a sweep point is measured against: the first point of the same phase's sweep. */
    private static int base(Schedule s, int p) {
        String label = s.labels.get(p);
        int dot = label.indexOf('.');
        return dot < 0 ? p : s.labels.indexOf(label.substring(0, dot) + ".0");
    }

    static boolean saturated(TrafficSettings t, Point pt, Point zero) {
        boolean behind = pt.accepted() < t.acceptedFraction() * pt.offered();
        boolean slow = zero != null && Double.isFinite(zero.mean())
                && !(pt.mean() <= t.latencyMultiple() * zero.mean());
        return behind || slow;
    }

    static SortedMap<String, Double> metrics(TrafficWorkload.Planned planned, RunResult r) {
        TreeMap<String, Double> m = new TreeMap<>();
        TrafficSettings t = planned.settings();
        for (int j = 0; j < t.jobs().size(); j++) {
            TrafficSettings.Job job = t.jobs().get(j);
            if (job.isMotif()) {
                MotifResults.metrics(motifJob(job), r, m);
                continue;
            }
            Schedule s = planned.schedules().get(j);
            String jk = "traffic." + job.name() + ".";
            m.put(jk + "unmatched", (double) r.counter(jk + "unmatched"));
            if (job.isClosed()) {
                m.put(jk + "received_n", (double) r.counter(jk + "received_n"));
                m.put(jk + "acks_n", (double) r.counter(jk + "acks_n"));
            }
            double peak = Double.NaN;
            Double saturation = null;
            for (int p = 0; p < s.labels.size(); p++) {
                Point pt = point(job, s, p, r);
                Point zero = job.sweep() ? point(job, s, base(s, p), r) : null;
                String k = jk + s.labels.get(p) + ".";
                for (String count : new String[] {"created_n", "sent_n", "unsent_n", "delivered_n", "accepted_n"}) {
                    m.put(k + count, (double) r.counter(TrafficProgram.key(job.name(), s.labels.get(p)) + count));
                }
                put(m, k + "offered_MBps", pt.offered());
                put(m, k + "accepted_MBps", pt.accepted());
                put(m, k + "accepted_agg_MBps", pt.aggregate());
                put(m, k + "latency_mean_us", pt.mean());
                put(m, k + "latency_p50_us", pt.p50());
                put(m, k + "latency_p99_us", pt.p99());
                put(m, k + "latency_max_us", pt.max());
                put(m, k + "delivered_share", pt.delivered());
                put(m, k + "host_min_over_mean", pt.hostMin());
                put(m, k + "host_max_over_mean", pt.hostMax());
                if (job.isClosed()) {
                    double most = 0;
                    for (int host : job.hosts()) {
                        most = Math.max(most, r.counter(TrafficProgram.key(job.name(), s.labels.get(p)) + "host."
                                + host + ".outstanding_max"));
                    }
                    m.put(k + "outstanding_max", most);
                }
                boolean sat = saturated(t, pt, zero);
                m.put(k + "saturated", sat ? 1.0 : 0.0);
                if (job.sweep()) {
                    peak = Double.isNaN(peak) ? pt.accepted() : Math.max(peak, pt.accepted());
                    if (sat && saturation == null) {
                        saturation = pt.offered();
                    }
                    if (p == base(s, p)) {
                        put(m, jk + "zero_load_latency_us", pt.mean());
                    }
                }
            }
            if (job.sweep()) {
                put(m, jk + "peak_accepted_MBps", peak);
                if (saturation != null) {
                    m.put(jk + "saturation_offered_MBps", saturation);
                }
            }
        }
        return m;
    }

    static MotifResults.Job motifJob(TrafficSettings.Job job) {
        return new MotifResults.Job(job.name(), job.stack().name(), job.hosts(), job.motifs());
    }

    private static void put(SortedMap<String, Double> m, String key, double v) {
        if (Double.isFinite(v)) {
            m.put(key, v);
        }
    }

    static List<String> failures(TrafficWorkload.Planned planned, RunResult r) {
        List<String> out = new ArrayList<>();
        for (TrafficSettings.Job job : planned.settings().jobs()) {
            if (job.isMotif()) {
                out.addAll(MotifResults.failures(motifJob(job), r));
                continue;
            }
            long u = r.counter("traffic." + job.name() + ".unmatched");
            if (u > 0) {
                out.add("traffic job " + job.name() + " (" + job.stack().name() + "): " + u
                        + " arrival(s) match no message its senders created for the receiver");
            }
        }
        return out;
    }

    /** Per swept job: mean and p99 latency against the accepted load per host, BookSim's curve. */
    static List<Series> series(TrafficWorkload.Planned planned, RunResult r) {
        List<Series> out = new ArrayList<>();
        TrafficSettings t = planned.settings();
        for (int j = 0; j < t.jobs().size(); j++) {
            TrafficSettings.Job job = t.jobs().get(j);
            if (!job.sweep()) {
                continue;
            }
            Schedule s = planned.schedules().get(j);
            List<Double> x = new ArrayList<>();
            List<Double> mean = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            for (int p = 0; p < s.labels.size(); p++) {
                Point pt = point(job, s, p, r);
                x.add(pt.accepted());
                mean.add(pt.mean());
                p99.add(pt.p99());
            }
            LinkedHashMap<String, List<Double>> ys = new LinkedHashMap<>();
            ys.put(job.stack().name() + " mean", mean);
            ys.put(job.stack().name() + " p99", p99);
            out.add(Series.lines("traffic-" + job.name() + "-latency", "Latency against accepted load: job "
                    + job.name() + " on " + job.stack().name(), "accepted load per host (MB/s)", "latency (us)", x, ys));
        }
        return out;
    }

    static List<Table> tables(TrafficWorkload.Planned planned, RunResult r) {
        List<List<String>> rows = new ArrayList<>();
        List<List<String>> motifRows = new ArrayList<>();
        SortedMap<String, Double> m = metrics(planned, r);
        TrafficSettings t = planned.settings();
        for (int j = 0; j < t.jobs().size(); j++) {
            TrafficSettings.Job job = t.jobs().get(j);
            if (job.isMotif()) {
                motifRows.addAll(MotifResults.rows(motifJob(job), m));
                continue;
            }
            Schedule s = planned.schedules().get(j);
            for (int p = 0; p < s.labels.size(); p++) {
                Phase ph = job.phases().get(p);
                Point pt = point(job, s, p, r);
                String k = "traffic." + job.name() + "." + s.labels.get(p) + ".";
                rows.add(List.of(job.name(), job.stack().name(), s.labels.get(p), ph.patternText(), ph.sizeText(),
                        ph.arrival().label + " " + ph.load(), Table.number(pt.offered(), 2),
                        Table.number(pt.accepted(), 2), Table.number(pt.mean(), 2), Table.number(pt.p99(), 2),
                        m.getOrDefault(k + "saturated", 0.0) > 0 ? "yes" : "no"));
            }
        }
        List<Table> out = new ArrayList<>();
        if (!rows.isEmpty()) {
            out.add(new Table("traffic", "Jobs and phases", List.of("job", "stack", "phase", "pattern", "size",
                    "arrivals", "offered (MB/s per host)", "accepted (MB/s per host)", "mean latency (us)",
                    "p99 latency (us)", "saturated"), rows));
        }
        if (!motifRows.isEmpty()) {
            out.add(new Table("motifs", "Motif and skeleton phases", List.of("job", "stack", "phase", "runs",
                    "iterations", "mean iteration (us)", "p99 iteration (us)", "time (us)", "communication share"),
                    motifRows));
        }
        return out;
    }
}
