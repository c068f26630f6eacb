package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.nowemu.actors.stats.Digest;

/**
 * A job's messages, drawn before the run from the seed: for each rank, when it creates each message (open loop:
 * whatever the network does), to which rank, of what size, in which phase; and each phase's window. Every host's
 * program holds the whole schedule of its job read-only: a sender follows its own list, and a receiver takes the
 * k-th message it receives from a rank to be the k-th that rank created for it (each stack delivers a sender's
 * messages to one receiver in order), which tells it when the message was created and how big it is.
 */
final class Schedule {
    /** A phase's window: created from {@code start}, measured from {@code from} to {@code end}. */
    record Window(long start, long from, long end) {
    }

    final List<Window> windows;
    /** Each phase's label in metrics. */
    final List<String> labels;
    final long[][] time;
    final int[][] dest;
    final int[][] size;
    final int[][] phase;
    /** inbox[r][s]: the indices in rank s's lists of the messages s creates for rank r, in order. */
    final int[][][] inbox;
    final long endPs;
    /** The job's phases, and its seed: a closed-loop host draws its messages as it creates them. */
    final List<Phase> phases;
    final long jobSeed;

    private Schedule(List<Window> windows, List<String> labels, long[][] time, int[][] dest, int[][] size, int[][] phase, int[][][] inbox,
                     long endPs, List<Phase> phases, long jobSeed) {
        this.phases = phases;
        this.jobSeed = jobSeed;
        this.windows = windows;
        this.labels = labels;
        this.time = time;
        this.dest = dest;
        this.size = size;
        this.phase = phase;
        this.inbox = inbox;
        this.endPs = endPs;
    }

    /** The schedule of {@code job}, its first phase starting at {@code startPs}, phases {@code gapPs} apart. */
    static Schedule of(TrafficSettings.Job job, long startPs, long gapPs, long seed) {
        int n = job.hosts().size();
        List<Window> windows = new ArrayList<>();
        Lists[] lists = new Lists[n];
        for (int i = 0; i < n; i++) {
            lists[i] = new Lists();
        }
        long start = startPs;
        long jobSeed = Digest.mix(seed, Digest.of(job.name()));
        for (int p = 0; p < job.phases().size(); p++) {
            Phase ph = job.phases().get(p);
            long end = ph.durationPs() > 0 ? start + ph.durationPs() : start + 1;
            // A closed-loop phase's messages are created as earlier ones arrive: none is drawn before the run.
            for (int i = 0; i < (ph.closed() ? 0 : n); i++) {
                SplittableRandom r = stream(jobSeed, p, i);
                long t = start + (ph.arrival() == Arrival.CONSTANT ? 0 : ph.arrival().gap(ph.meanGapPs(), r));
                for (long k = 0; ph.durationPs() > 0 ? t < start + ph.durationPs() : k < ph.messages(); k++) {
                    int d = ph.pattern().dest(i, k, r);
                    if (d < 0) {
                        break;
                    }
                    lists[i].add(t, d, ph.size().draw(r), p);
                    if (ph.durationPs() == 0) {
                        end = Math.max(end, t + 1);
                    }
                    t += ph.arrival().gap(ph.meanGapPs(), r);
                }
            }
            windows.add(new Window(start, Math.min(start + ph.warmupPs(), end - 1), end));
            start = end + gapPs;
        }
        long[][] time = new long[n][];
        int[][] dest = new int[n][];
        int[][] size = new int[n][];
        int[][] phase = new int[n][];
        int[][] counts = new int[n][n];
        for (int i = 0; i < n; i++) {
            time[i] = java.util.Arrays.copyOf(lists[i].time, lists[i].n);
            dest[i] = java.util.Arrays.copyOf(lists[i].dest, lists[i].n);
            size[i] = java.util.Arrays.copyOf(lists[i].size, lists[i].n);
            phase[i] = java.util.Arrays.copyOf(lists[i].phase, lists[i].n);
            for (int d : dest[i]) {
                counts[d][i]++;
            }
        }
        int[][][] inbox = new int[n][n][];
        for (int r = 0; r < n; r++) {
            for (int s = 0; s < n; s++) {
                inbox[r][s] = new int[counts[r][s]];
            }
        }
        int[][] filled = new int[n][n];
        for (int s = 0; s < n; s++) {
            for (int k = 0; k < dest[s].length; k++) {
                int r = dest[s][k];
                inbox[r][s][filled[r][s]++] = k;
            }
        }
        return new Schedule(List.copyOf(windows), job.phases().stream().map(Phase::label).toList(), time, dest, size, phase, inbox, start - gapPs,
                job.phases(), jobSeed);
    }

    /** Rank {@code i}'s seeded stream of phase {@code p}: its gaps, destinations and sizes in turn. */
    static SplittableRandom stream(long jobSeed, int p, int i) {
        return new SplittableRandom(Digest.mix(Digest.mix(jobSeed, p), i));
    }

    boolean closed() {
        return !phases.isEmpty() && phases.get(0).closed();
    }

    /** The phase whose measured window holds {@code t}, or -1. */
    int windowAt(long t) {
        for (int p = 0; p < windows.size(); p++) {
            Window w = windows.get(p);
            if (t >= w.from() && t < w.end()) {
                return p;
            }
        }
        return -1;
    }

    /** Growable lists of one rank's messages while the schedule is drawn. */
    private static final class Lists {
        long[] time = new long[64];
        int[] dest = new int[64];
        int[] size = new int[64];
        int[] phase = new int[64];
        int n;

        void add(long t, int d, int s, int p) {
            if (n == time.length) {
                time = java.util.Arrays.copyOf(time, 2 * n);
                dest = java.util.Arrays.copyOf(dest, 2 * n);
                size = java.util.Arrays.copyOf(size, 2 * n);
                phase = java.util.Arrays.copyOf(phase, 2 * n);
            }
            time[n] = t;
            dest[n] = d;
            size[n] = s;
            phase[n] = p;
            n++;
        }
    }
}
