package org.nowemu.workloads.motifs;

import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.multicast.Multicaster;

/**
 * A rank of a motif job, over its stack's {@link Messenger}: from the job's start it runs each phase's ops, its
 * iterations times: sends when it comes to them, computes as host time (the CPU busy), and at a receive polls until
 * the source's next message has arrived. Arrivals are counted per source, so a message that comes before its
 * receive is reached is simply there already (the k-th message from a source is the k-th it sent here: the stacks
 * deliver one sender's messages in order). When it is done it keeps polling, so that a slower rank's messages to it
 * still find a receiver.
 *
 * <p>Counters ({@code motif.<job>.<phase>.}): {@code iter_n}, {@code iter_sum_ps} and {@code iter.<ps>} (a count per
 * HdrHistogram bucket) for each rank's iterations; {@code compute_ps}; per rank {@code rank.<r>.} {@code sent_n},
 * {@code sent_bytes} (a multicast is one message of its bytes), {@code received_n}, {@code received_bytes},
 * {@code start_ps} and {@code end_ps} (when it began and finished the phase), and in a phase that multicasts
 * {@code multicast_n} (multicasts handed to the stack's library). Per job: {@code motif.<job>.done_n} (ranks that
 * finished every phase) and {@code motif.<job>.unmatched} (arrivals no receive of the schedule accounts for).
 */
public final class MotifProgram implements MessengerProgram {
    static final int DIGITS = 2;

    private final String job;
    private final List<MotifPhase> phases;
    private final int me;
    private final int[] hosts;
    private final int[] rankOf;
    private final long startPs;
    private final long seed;

    /**
     * @param hosts  rank r runs on host hosts[r]
     * @param rankOf the rank on each host of the cluster, or -1
     * @param seed   the rank's seed for drawing compute times
     */
    public MotifProgram(String job, List<MotifPhase> phases, int me, int[] hosts, int[] rankOf, long startPs,
                        long seed) {
        this.job = job;
        this.phases = phases;
        this.me = me;
        this.hosts = hosts;
        this.rankOf = rankOf;
        this.startPs = startPs;
        this.seed = seed;
    }

    public static String key(String job, String phase) {
        return "motif." + job + "." + phase + ".";
    }

    @Override
    @continuable
    public void run(Messenger m) {
        m.arrivals().keepLog();
        Inbox in = new Inbox(m);
        SplittableRandom rng = new SplittableRandom(seed);
        while (m.now() < startPs) {
            m.awaitUntil(m.received() + 1, startPs);
            in.take();
        }
        Histogram bucketing = new Histogram(DIGITS);
        for (MotifPhase ph : phases) {
            String k = key(job, ph.label());
            String rk = k + "rank." + hosts[me] + ".";
            Counter sentN = m.counter(rk + "sent_n");
            Counter sentBytes = m.counter(rk + "sent_bytes");
            Counter recvN = m.counter(rk + "received_n");
            Counter recvBytes = m.counter(rk + "received_bytes");
            Counter iterN = m.counter(k + "iter_n");
            Counter iterSum = m.counter(k + "iter_sum_ps");
            Counter computePs = m.counter(k + "compute_ps");
            // Only a phase that multicasts has the counter, so the others' counters (and digests) are as they were.
            Counter multicastN = ph.multicasts() ? m.counter(rk + "multicast_n") : null;
            TreeMap<Long, Counter> buckets = new TreeMap<>();
            List<Op> ops = ph.ops().get(me);
            m.counter(rk + "start_ps").add(m.now());
            for (int it = 0; it < ph.iterations(); it++) {
                long t0 = m.now();
                for (Op op : ops) {
                    if (op.kind() == Op.Kind.SEND) {
                        m.send(hosts[op.peer()], (int) op.amount());
                        sentN.increment();
                        sentBytes.add(op.amount());
                        in.take();
                    } else if (op.kind() == Op.Kind.MULTICAST) {
                        multicaster(m).multicast(hosts, (int) op.amount());
                        sentN.increment();
                        sentBytes.add(op.amount());
                        multicastN.increment();
                        in.take();
                    } else if (op.kind() == Op.Kind.RECV) {
                        in.need[op.peer()]++;
                        in.take();
                        while (in.got[op.peer()] < in.need[op.peer()]) {
                            m.await(m.received() + 1);
                            in.take();
                        }
                        recvN.increment();
                        recvBytes.add(op.amount());
                    } else {
                        long ps = op.amount() == Op.PHASE ? ph.compute().draw(rng) : op.amount();
                        if (ps > 0) {
                            m.compute(ps);
                            computePs.add(ps);
                        }
                    }
                }
                long took = m.now() - t0;
                iterN.increment();
                iterSum.add(took);
                long bucket = bucketing.highestEquivalentValue(Math.max(1, took));
                Counter c = buckets.get(bucket);
                if (c == null) {
                    c = m.counter(k + "iter." + bucket);
                    buckets.put(bucket, c);
                }
                c.increment();
            }
            m.counter(rk + "end_ps").add(m.now());
        }
        m.counter("motif." + job + ".done_n").increment();
        while (true) {
            m.await(m.received() + 1);
            in.take();
        }
    }

    /** The stack's multicast; the job's settings chose it only where the stack has one ({@link Via#resolve}). */
    private static Multicaster multicaster(Messenger m) {
        if (m instanceof Multicaster c) {
            return c;
        }
        throw new IllegalStateException("host " + m.host() + ": a broadcast by multicast on a stack without one");
    }

    /** What has arrived from each rank, against what the schedule has asked for so far and in all. */
    private final class Inbox {
        final Arrivals arrivals;
        final long[] got = new long[hosts.length];
        final long[] need = new long[hosts.length];
        final long[] total = new long[hosts.length];
        final Counter unmatched;

        Inbox(Messenger m) {
            arrivals = m.arrivals();
            unmatched = m.counter("motif." + job + ".unmatched");
            for (MotifPhase ph : phases) {
                for (Op op : ph.ops().get(me)) {
                    if (op.kind() == Op.Kind.RECV) {
                        total[op.peer()] += ph.iterations();
                    }
                }
            }
        }

        void take() {
            while (arrivals.hasLogged()) {
                int source = arrivals.loggedSource();
                arrivals.take();
                int r = source >= 0 && source < rankOf.length ? rankOf[source] : -1;
                if (r < 0 || got[r] >= total[r]) {
                    unmatched.increment();
                } else {
                    got[r]++;
                }
            }
        }
    }
}
