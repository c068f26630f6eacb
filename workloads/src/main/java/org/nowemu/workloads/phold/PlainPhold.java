package org.nowemu.workloads.phold;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.stats.Digest;
import org.nowemu.actors.stats.StructuralHash;

/**
 * PHOLD as a bare single-threaded loop over one binary heap of primitive event records (parallel arrays):
 * the speed one core reaches with no actors, no windows, no allocation per event. The benchmark's yardstick,
 * and a cross-check of the runtime: it draws the same random numbers in the same order per component and
 * hashes the same way, so it must reach the runtime's digest exactly.
 */
public final class PlainPhold {
    private long[] time;
    private int[] src;
    private long[] seq;
    private int[] dst;
    private int size;

    /** What the loop computed. */
    public record Outcome(long events, long finalTimePs, String digest, long remote) {
    }

    public Outcome run(PholdSettings s, long seed) {
        int n = s.components();
        int capacity = Math.max(16, n * s.eventsPerComponent() + 1);
        time = new long[capacity];
        src = new int[capacity];
        seq = new long[capacity];
        dst = new int[capacity];
        size = 0;
        SplittableRandom[] random = new SplittableRandom[n];
        long[] nextSeq = new long[n];
        long[] hash = new long[n];
        long[] handled = new long[n];
        long[] sent = new long[n];
        long[] remote = new long[n];
        long[] last = new long[n];
        for (int id = 0; id < n; id++) {
            random[id] = new SplittableRandom(Digest.streamSeed(seed, id));
            hash[id] = Digest.COMPONENT_SEED;
            for (int i = 0; i < s.eventsPerComponent(); i++) {
                push(PholdRules.delay(random[id], s), id, nextSeq[id]++, id);
                sent[id]++;
            }
        }
        long pingHash = StructuralHash.of(PholdNode.Ping.INSTANCE);
        long horizon = s.durationPs();
        long events = 0;
        while (size > 0 && time[0] < horizon) {
            long t = time[0];
            int from = src[0];
            long q = seq[0];
            int at = dst[0];
            pop();
            hash[at] = Digest.event(hash[at], t, from, q, pingHash);
            handled[at]++;
            last[at] = t;
            events++;
            SplittableRandom r = random[at];
            long delay = PholdRules.delay(r, s);
            int to = PholdRules.target(r, s, at);
            if (to != at) {
                remote[at]++;
            }
            push(t + delay, at, nextSeq[at]++, to);
            sent[at]++;
        }
        long finalTime = 0;
        long totalRemote = 0;
        List<ComponentReport> reports = new ArrayList<>(n);
        for (int id = 0; id < n; id++) {
            finalTime = Math.max(finalTime, last[id]);
            totalRemote += remote[id];
            TreeMap<String, Long> counters = new TreeMap<>();
            counters.put(PholdNode.REMOTE, remote[id]);
            reports.add(new ComponentReport(id, "phold-" + id, hash[id], handled[id], sent[id], 0, 0, last[id],
                    counters, Collections.emptySortedMap(), List.of(), 0));
        }
        return new Outcome(events, finalTime, Digest.hex(RunResult.digest(reports, finalTime)), totalRemote);
    }

    private void push(long t, int s, long q, int d) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(t, s, q, parent)) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, s, q, d);
    }

    private void pop() {
        int lastIndex = --size;
        long t = time[lastIndex];
        int s = src[lastIndex];
        long q = seq[lastIndex];
        int d = dst[lastIndex];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            if (c + 1 < size && lessAt(c + 1, c)) {
                c++;
            }
            if (!lessAt(c, t, s, q)) {
                break;
            }
            move(c, i);
            i = c;
        }
        if (size > 0) {
            set(i, t, s, q, d);
        }
    }

    /** Is (t, s, q) before the entry at index i? */
    private boolean less(long t, int s, long q, int i) {
        return before(t, s, q, time[i], src[i], seq[i]);
    }

    private boolean lessAt(int a, int b) {
        return less(time[a], src[a], seq[a], b);
    }

    private boolean lessAt(int a, long t, int s, long q) {
        return before(time[a], src[a], seq[a], t, s, q);
    }

    /** The event key order: (time, source, sequence). */
    private static boolean before(long ta, int sa, long qa, long tb, int sb, long qb) {
        return ta < tb || (ta == tb && (sa < sb || (sa == sb && qa < qb)));
    }

    private void move(int from, int to) {
        time[to] = time[from];
        src[to] = src[from];
        seq[to] = seq[from];
        dst[to] = dst[from];
    }

    private void set(int i, long t, int s, long q, int d) {
        time[i] = t;
        src[i] = s;
        seq[i] = q;
        dst[i] = d;
    }
}
