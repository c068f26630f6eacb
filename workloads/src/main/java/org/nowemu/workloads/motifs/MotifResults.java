package org.nowemu.workloads.motifs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.runtime.RunResult;

/**
 * A motif job's figures, from its ranks' counters ({@link MotifProgram}). Per phase ({@code motif.<job>.<phase>.}):
 * {@code iterations}; {@code iteration_mean_us}, {@code iteration_p50_us}, {@code iteration_p99_us},
 * {@code iteration_max_us} (over every rank's iterations); {@code time_us} (the first rank's start to the last rank's
 * end); {@code comm_share} (the share of the ranks' time in the phase not spent computing); {@code sent_n},
 * {@code sent_bytes}, {@code received_n}, {@code received_bytes} (all ranks) and each per rank,
 * {@code rank.<host>.sent_n} and so on; a phase that multicasts (a broadcast by multicast) also {@code multicast_n},
 * total and per rank. Per job: {@code done_ranks}, {@code unmatched}.
 */
public final class MotifResults {
    private MotifResults() {
    }

    /** A motif job as the results see it. */
    public record Job(String name, String stack, List<Integer> hosts, List<MotifPhase> phases) {
    }

    private static final String[] COUNTS = {"sent_n", "sent_bytes", "received_n", "received_bytes"};

    public static void metrics(Job job, RunResult r, SortedMap<String, Double> m) {
        String jk = "motif." + job.name() + ".";
        m.put(jk + "done_ranks", (double) r.counter(jk + "done_n"));
        m.put(jk + "unmatched", (double) r.counter(jk + "unmatched"));
        for (MotifPhase ph : job.phases()) {
            String k = MotifProgram.key(job.name(), ph.label());
            m.put(k + "iterations", (double) ph.iterations());
            long n = r.counter(k + "iter_n");
            if (n > 0) {
                Histogram h = new Histogram(MotifProgram.DIGITS);
                String prefix = k + "iter.";
                for (Map.Entry<String, Long> e : r.counters().subMap(prefix, prefix + Character.MAX_VALUE)
                        .entrySet()) {
                    h.recordValueWithCount(Long.parseLong(e.getKey().substring(prefix.length())), e.getValue());
                }
                m.put(k + "iteration_mean_us", r.counter(k + "iter_sum_ps") / (double) n / 1e6);
                m.put(k + "iteration_p50_us", h.getValueAtPercentile(50) / 1e6);
                m.put(k + "iteration_p99_us", h.getValueAtPercentile(99) / 1e6);
                m.put(k + "iteration_max_us", h.getMaxValue() / 1e6);
            }
            long[] totals = new long[COUNTS.length];
            long first = Long.MAX_VALUE;
            long last = 0;
            long busy = 0;
            boolean all = true;
            for (int h : job.hosts()) {
                String rk = k + "rank." + h + ".";
                for (int c = 0; c < COUNTS.length; c++) {
                    long v = r.counter(rk + COUNTS[c]);
                    totals[c] += v;
                    m.put(rk + COUNTS[c], (double) v);
                }
                long end = r.counter(rk + "end_ps");
                long start = r.counter(rk + "start_ps");
                if (end == 0) {
                    all = false;
                    continue;
                }
                first = Math.min(first, start);
                last = Math.max(last, end);
                busy += end - start;
            }
            for (int c = 0; c < COUNTS.length; c++) {
                m.put(k + COUNTS[c], (double) totals[c]);
            }
            if (ph.multicasts()) {
                long mc = 0;
                for (int h : job.hosts()) {
                    long v = r.counter(k + "rank." + h + ".multicast_n");
                    m.put(k + "rank." + h + ".multicast_n", (double) v);
                    mc += v;
                }
                m.put(k + "multicast_n", (double) mc);
            }
            if (all && busy > 0) {
                m.put(k + "time_us", (last - first) / 1e6);
                m.put(k + "comm_share", 1 - r.counter(k + "compute_ps") / (double) busy);
            }
        }
    }

    /** A job whose ranks did not all finish, took other than their schedule, or got what no receive accounts for. */
    public static List<String> failures(Job job, RunResult r) {
        List<String> out = new ArrayList<>();
        String jk = "motif." + job.name() + ".";
        long done = r.counter(jk + "done_n");
        if (done < job.hosts().size()) {
            out.add("motif job " + job.name() + " (" + job.stack() + "): " + done + " of " + job.hosts().size()
                    + " ranks finished before the run ended (nowemu.traffic.motif-limit)");
        }
        long u = r.counter(jk + "unmatched");
        if (u > 0) {
            out.add("motif job " + job.name() + " (" + job.stack() + "): " + u
                    + " arrival(s) match no receive of the schedule");
        }
        return out;
    }

    /** Rows of the report's table: job, stack, phase, what it runs, iterations, mean and p99 iteration, time. */
    public static List<List<String>> rows(Job job, SortedMap<String, Double> m) {
        List<List<String>> rows = new ArrayList<>();
        for (MotifPhase ph : job.phases()) {
            String k = MotifProgram.key(job.name(), ph.label());
            rows.add(List.of(job.name(), job.stack(), ph.label(), ph.text(), String.valueOf(ph.iterations()),
                    num(m, k + "iteration_mean_us"), num(m, k + "iteration_p99_us"), num(m, k + "time_us"),
                    num(m, k + "comm_share")));
        }
        return rows;
    }

    private static String num(SortedMap<String, Double> m, String key) {
        Double v = m.get(key);
        return v == null ? "-" : String.format("%.2f", v);
    }
}
