package org.nowemu.workloads.traffic;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.stats.Counter;
import org.nowemu.protocol.parts.bench.Arrivals;
import org.nowemu.protocol.parts.bench.Messenger;

/**
 * A host of a closed-loop job (docs/workloads.md §4): in each phase, from its start to its end, it keeps
 * {@code outstanding} of its messages in flight, drawing the next message's destination and size from its seeded
 * stream and sending it as soon as it learns one of its messages is complete. How it learns depends on the stack:
 * AM tells the sender ({@link Messenger#delivered}: the reply to the message's last request); on the others the
 * receiving host sends back an acknowledgement of {@code ackBytes} per message ({@link Messenger#sendAck}), a real
 * message on the wire, and a message is complete when its acknowledgement arrives. A host that both sends and
 * receives takes both from the one log of arrivals, which marks each acknowledgement as one. The figures are the
 * sender's: latency runs from creation to the notice (a reply or an acknowledgement after the arrival), and a
 * phase's accepted load is the bytes of the notices that came inside its window ({@code host.<h>.accepted_bytes}
 * per sending host). The counters are the open loop's ({@link TrafficProgram}) plus
 * {@code host.<h>.outstanding_max}, the most of its messages a host had in flight in the phase; as a receiver it
 * counts what came, {@code traffic.<job>.received_n}, and the acknowledgements it sent, {@code traffic.<job>.acks_n}.
 */
final class ClosedLoop {
    private final String job;
    private final Schedule s;
    private final int me;
    private final int[] hosts;
    private final int[] rankOf;
    private final int ackBytes;

    /** @param ackBytes the acknowledgements' size; 0: the stack tells the sender ({@link Messenger#delivered}) */
    ClosedLoop(String job, Schedule s, int me, int[] hosts, int[] rankOf, int ackBytes) {
        this.job = job;
        this.s = s;
        this.me = me;
        this.hosts = hosts;
        this.rankOf = rankOf;
        this.ackBytes = ackBytes;
    }

    @continuable
    void run(Messenger m) {
        Counters c = new Counters(m);
        if (c.acking && !m.takeAcks()) {
            throw new IllegalStateException("closed loop: host " + m.host() + "'s Messenger sends no acknowledgements");
        }
        if (!c.acking) {
            c.notices.keepLog();
        }
        m.arrivals().keepLog();
        for (int p = 0; p < s.phases.size(); p++) {
            Phase ph = s.phases.get(p);
            Schedule.Window w = s.windows.get(p);
            while (m.now() < w.start()) {
                await(m, c, w.start());
            }
            SplittableRandom r = Schedule.stream(s.jobSeed, p, me);
            long k = 0;
            long most = c.inFlight;
            while (m.now() < w.end()) {
                if (c.inFlight >= ph.outstanding()) {
                    await(m, c, w.end());
                    continue;
                }
                int d = ph.pattern().dest(me, k++, r);
                if (d < 0) {
                    break;
                }
                int bytes = ph.size().draw(r);
                long created = m.now();
                c.created[p].increment();
                if (created >= w.from()) {
                    c.offered[p].increment();
                    c.offeredBytes[p].add(bytes);
                }
                c.flight[d].addLast(new long[] {created, bytes, p});
                c.inFlight++;
                most = Math.max(most, c.inFlight);
                m.send(hosts[d], bytes);
                c.tally.sent[p].increment();
                settle(m, c);
            }
            m.counter(TrafficProgram.key(job, ph.label()) + "host." + hosts[me] + ".outstanding_max").add(most);
        }
        while (true) {
            await(m, c, Long.MAX_VALUE);
        }
    }

    /** Waits for the next notice or arrival (or the deadline), then accounts for what came. */
    @continuable
    private void await(Messenger m, Counters c, long deadline) {
        if (c.acking) {
            m.awaitUntil(m.received() + 1, deadline);
        } else {
            m.awaitDelivered(c.notices.count() + 1, deadline);
        }
        settle(m, c);
    }

    /** Accounts for what came, and acknowledges each message that came (which may let more come meanwhile). */
    @continuable
    private void settle(Messenger m, Counters c) {
        c.take(m);
        while (!c.owed.isEmpty()) {
            m.sendAck(c.owed.pollFirst(), ackBytes);
            c.acks.increment();
            c.take(m);
        }
    }

    /** The host's counters, its messages in flight per destination rank (oldest first), and the acks it owes. */
    private final class Counters {
        final boolean acking;
        final Arrivals notices;
        final Counter[] created;
        final Counter[] offered;
        final Counter[] offeredBytes;
        final PhaseTally tally;
        final Counter received;
        final Counter acks;
        final ArrayDeque<long[]>[] flight;
        final ArrayDeque<Integer> owed = new ArrayDeque<>();
        long inFlight;

        @SuppressWarnings("unchecked")
        Counters(Messenger m) {
            acking = ackBytes > 0;
            notices = acking ? m.arrivals() : m.delivered();
            created = PhaseTally.perPhase(m, job, s, "created_n");
            offered = PhaseTally.perPhase(m, job, s, "offered_n");
            offeredBytes = PhaseTally.perPhase(m, job, s, "offered_bytes");
            tally = new PhaseTally(m, job, s, hosts[me]);
            received = m.counter("traffic." + job + ".received_n");
            // Only a job that acknowledges has the counter: an AM job's run, and its digest, stay as they were.
            acks = acking ? m.counter("traffic." + job + ".acks_n") : null;
            flight = new ArrayDeque[hosts.length];
            for (int i = 0; i < hosts.length; i++) {
                flight[i] = new ArrayDeque<>();
            }
        }

        /**
         * Accounts for every arrival and notice logged since the last call: data is counted (and owed an
         * acknowledgement where the stack does not tell its sender); a notice completes the oldest message in
         * flight to the host it came from (each stack delivers one sender's messages in order).
         */
        void take(Messenger m) {
            Arrivals in = m.arrivals();
            while (in.hasLogged()) {
                long at = in.loggedAt();
                int host = in.loggedSource();
                boolean ack = in.loggedAck();
                in.take();
                if (ack) {
                    completed(host, at);
                } else {
                    received.increment();
                    if (acking && host >= 0) {
                        owed.addLast(host);
                    }
                }
            }
            if (!acking) {
                while (notices.hasLogged()) {
                    long at = notices.loggedAt();
                    int host = notices.loggedSource();
                    notices.take();
                    completed(host, at);
                }
            }
        }

        private void completed(int host, long at) {
            int d = host >= 0 && host < rankOf.length ? rankOf[host] : -1;
            long[] msg = d >= 0 ? flight[d].pollFirst() : null;
            if (msg == null) {
                return;
            }
            inFlight--;
            tally.completed((int) msg[2], msg[0], at, msg[1]);
        }
    }
}
