package org.nowemu.workloads.traffic;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;

/**
 * A host of a traffic job, over its stack's {@link Messenger}: it sends its messages of the job's
 * {@link Schedule} when they are due (late when the stack holds it up: the message waits in the host, open loop),
 * and between sends polls, matching each arrival to the message its sender created for it.
 *
 * <p>Counters, per job and phase ({@code traffic.<job>.<phase>.}): as the sender, {@code created_n} and
 * {@code offered_n}, {@code offered_bytes} (created inside the measured window), counted at the start; {@code sent_n}
 * as each goes, {@code unsent_n} for those still held when the last phase ends (a saturated stack's backlog).
 * As the receiver: {@code delivered_n}, {@code delivered_bytes} (by the phase the message was created in); {@code accepted_n}, {@code accepted_bytes} and {@code host.<h>.accepted_bytes} (arrivals inside the window of
 * the phase whose window they fall in); {@code lat_sum_ps}, {@code lat_n} and {@code lat.<ps>} (a count per
 * HdrHistogram bucket, its highest equivalent value) for messages created inside the window. Per job:
 * {@code traffic.<job>.unmatched} (arrivals the schedule cannot account for: a stack that reorders or drops).
 */
final class TrafficProgram implements MessengerProgram {
    /** Two significant digits: buckets 1% wide, enough for percentiles, few enough to keep as counters. */
    static final int DIGITS = 2;

    private final String job;
    private final Schedule s;
    private final int me;
    private final int[] hosts;
    private final int[] rankOf;
    private final boolean rows;
    private final int ackBytes;

    /** @param ackBytes a closed loop's acknowledgements' size, 0 where the stack tells a sender (AM) */
    TrafficProgram(String job, Schedule s, int me, int[] hosts, int[] rankOf, boolean rows, int ackBytes) {
        this.job = job;
        this.s = s;
        this.me = me;
        this.hosts = hosts;
        this.rankOf = rankOf;
        this.rows = rows;
        this.ackBytes = ackBytes;
    }

    static String key(String job, String phase) {
        return "traffic." + job + "." + phase + ".";
    }

    @Override
    @continuable
    public void run(Messenger m) {
        if (s.closed()) {
            new ClosedLoop(job, s, me, hosts, rankOf, ackBytes).run(m);
            return;
        }
        Receiver in = new Receiver(m);
        m.arrivals().keepLog();
        int phases = s.windows.size();
        long[] created = new long[phases];
        long[] offered = new long[phases];
        long[] offeredBytes = new long[phases];
        for (int k = 0; k < s.time[me].length; k++) {
            int p = s.phase[me][k];
            created[p]++;
            Schedule.Window w = s.windows.get(p);
            if (s.time[me][k] >= w.from() && s.time[me][k] < w.end()) {
                offered[p]++;
                offeredBytes[p] += s.size[me][k];
            }
        }
        for (int p = 0; p < phases; p++) {
            String k = key(job, s.labels.get(p));
            m.counter(k + "created_n").add(created[p]);
            m.counter(k + "offered_n").add(offered[p]);
            m.counter(k + "offered_bytes").add(offeredBytes[p]);
        }
        for (int k = 0; k < s.time[me].length; k++) {
            if (m.now() >= s.endPs) {
                // Past the last phase a host sends nothing more (a saturated stack's backlog would otherwise run on
                // and still be in flight when the run ends); what it held is counted, never sent.
                for (int j = k; j < s.time[me].length; j++) {
                    in.tally.unsent[s.phase[me][j]].increment();
                }
                break;
            }
            long due = s.time[me][k];
            while (m.now() < due) {
                m.awaitUntil(m.received() + 1, due);
                in.take();
            }
            m.send(hosts[s.dest[me][k]], s.size[me][k]);
            in.tally.sent[s.phase[me][k]].increment();
            if (rows) {
                m.outcome(new MessageRows.Sent(job, me, k, m.now()));
            }
            in.take();
        }
        while (true) {
            m.await(m.received() + 1);
            in.take();
        }
    }

    /** The receiving side's state: where each sender's next message is in its list, and the counters. */
    private final class Receiver {
        final Messenger m;
        final Arrivals arrivals;
        final int[] next;
        final PhaseTally tally;
        final Counter unmatched;

        Receiver(Messenger m) {
            this.m = m;
            this.arrivals = m.arrivals();
            next = new int[hosts.length];
            tally = new PhaseTally(m, job, s, hosts[me]);
            unmatched = m.counter("traffic." + job + ".unmatched");
        }

        /** Accounts for every arrival the adapter has logged since the last call. */
        void take() {
            while (arrivals.hasLogged()) {
                long at = arrivals.loggedAt();
                int source = arrivals.loggedSource();
                arrivals.take();
                int r = source >= 0 && source < rankOf.length ? rankOf[source] : -1;
                if (r < 0 || next[r] >= s.inbox[me][r].length) {
                    unmatched.increment();
                    continue;
                }
                int k = s.inbox[me][r][next[r]++];
                if (rows) {
                    m.outcome(new MessageRows.Received(job, r, k, at));
                }
                tally.completed(s.phase[r][k], s.time[r][k], at, s.size[r][k]);
            }
        }
    }
}
