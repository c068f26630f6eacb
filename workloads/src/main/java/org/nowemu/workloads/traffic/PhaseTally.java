package org.nowemu.workloads.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * A host's counters of a traffic job, per phase ({@code traffic.<job>.<phase>.}): what it sent, what reached its
 * end (delivered), and what of that fell inside a phase's measured window (accepted, also per host), with the
 * latency of messages created inside their window as a sum, a count and a bucket per HdrHistogram value. The open
 * loop counts at the receiver ({@link TrafficProgram}), the closed loop at the sender when the stack's notice comes
 * back ({@link ClosedLoop}); both account for a message the same way, here.
 */
final class PhaseTally {
    private final Messenger m;
    private final String job;
    private final Schedule s;
    final Counter[] sent;
    final Counter[] unsent;
    private final Counter[] delivered;
    private final Counter[] deliveredBytes;
    private final Counter[] accepted;
    private final Counter[] acceptedBytes;
    private final Counter[] hostBytes;
    private final Counter[] latSum;
    private final Counter[] latN;
    private final List<TreeMap<Long, Counter>> buckets = new ArrayList<>();
    private final Histogram bucketing = new Histogram(TrafficProgram.DIGITS);

    /** The counters of host {@code host} (its name in the counters) in job {@code job}'s phases. */
    PhaseTally(Messenger m, String job, Schedule s, int host) {
        this.m = m;
        this.job = job;
        this.s = s;
        sent = perPhase(m, job, s, "sent_n");
        unsent = perPhase(m, job, s, "unsent_n");
        delivered = perPhase(m, job, s, "delivered_n");
        deliveredBytes = perPhase(m, job, s, "delivered_bytes");
        accepted = perPhase(m, job, s, "accepted_n");
        acceptedBytes = perPhase(m, job, s, "accepted_bytes");
        hostBytes = perPhase(m, job, s, "host." + host + ".accepted_bytes");
        latSum = perPhase(m, job, s, "lat_sum_ps");
        latN = perPhase(m, job, s, "lat_n");
        for (int p = 0; p < s.windows.size(); p++) {
            buckets.add(new TreeMap<>());
        }
    }

    /** Counter {@code traffic.<job>.<phase>.<name>} of every phase, by phase. */
    static Counter[] perPhase(Messenger m, String job, Schedule s, String name) {
        Counter[] c = new Counter[s.windows.size()];
        for (int p = 0; p < c.length; p++) {
            c[p] = m.counter(TrafficProgram.key(job, s.labels.get(p)) + name);
        }
        return c;
    }

    /** A message of phase {@code p}, {@code bytes} long, created at {@code createdAt}, completed at {@code at}. */
    void completed(int p, long createdAt, long at, long bytes) {
        delivered[p].increment();
        deliveredBytes[p].add(bytes);
        Schedule.Window w = s.windows.get(p);
        if (createdAt >= w.from() && createdAt < w.end()) {
            long latency = at - createdAt;
            latSum[p].add(latency);
            latN[p].increment();
            long bucket = bucketing.highestEquivalentValue(Math.max(1, latency));
            buckets.get(p).computeIfAbsent(bucket,
                    b -> m.counter(TrafficProgram.key(job, s.labels.get(p)) + "lat." + b)).increment();
        }
        int q = s.windowAt(at);
        if (q >= 0) {
            accepted[q].increment();
            acceptedBytes[q].add(bytes);
            hostBytes[q].add(bytes);
        }
    }
}
