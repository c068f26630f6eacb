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
 * stream and sending it as soon as the stack tells it one of its messages has arrived ({@link Messenger#delivered}:
 * AM's reply to the message's last request). A message is complete when that notice comes back, so the figures are
 * the sender's: latency runs from creation to the notice (one reply after the arrival), and a phase's accepted
 * load is the bytes of the notices that came inside its window ({@code host.<h>.accepted_bytes} per sending host).
 * The counters are the open loop's ({@link TrafficProgram}) plus {@code host.<h>.outstanding_max}, the most of its
 * messages a host had in flight in the phase; as a receiver it only counts what came, {@code traffic.<job>.received_n}.
 */
final class ClosedLoop {
    private final String job;
    private final Schedule s;
    private final int me;
    private final int[] hosts;
    private final int[] rankOf;

    ClosedLoop(String job, Schedule s, int me, int[] hosts, int[] rankOf) {
        this.job = job;
        this.s = s;
        this.me = me;
        this.hosts = hosts;
        this.rankOf = rankOf;
    }

    @continuable
    void run(Messenger m) {
        Arrivals notices = m.delivered();
        notices.keepLog();
        m.arrivals().keepLog();
        Counters c = new Counters(m);
        for (int p = 0; p < s.phases.size(); p++) {
            Phase ph = s.phases.get(p);
            Schedule.Window w = s.windows.get(p);
            while (m.now() < w.start()) {
                m.awaitDelivered(notices.count() + 1, w.start());
                c.take(m, notices);
            }
            SplittableRandom r = Schedule.stream(s.jobSeed, p, me);
            long k = 0;
            long most = c.inFlight;
            while (m.now() < w.end()) {
                if (c.inFlight >= ph.outstanding()) {
                    m.awaitDelivered(notices.count() + 1, w.end());
                    c.take(m, notices);
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
                c.take(m, notices);
            }
            m.counter(TrafficProgram.key(job, ph.label()) + "host." + hosts[me] + ".outstanding_max").add(most);
        }
        while (true) {
            m.awaitDelivered(notices.count() + 1, Long.MAX_VALUE);
            c.take(m, notices);
        }
    }

    /** The host's counters, and its messages in flight per destination rank, oldest first. */
    private final class Counters {
        final Counter[] created;
        final Counter[] offered;
        final Counter[] offeredBytes;
        final PhaseTally tally;
        final Counter received;
        final ArrayDeque<long[]>[] flight;
        long inFlight;

        @SuppressWarnings("unchecked")
        Counters(Messenger m) {
            created = PhaseTally.perPhase(m, job, s, "created_n");
            offered = PhaseTally.perPhase(m, job, s, "offered_n");
            offeredBytes = PhaseTally.perPhase(m, job, s, "offered_bytes");
            tally = new PhaseTally(m, job, s, hosts[me]);
            received = m.counter("traffic." + job + ".received_n");
            flight = new ArrayDeque[hosts.length];
            for (int i = 0; i < hosts.length; i++) {
                flight[i] = new ArrayDeque<>();
            }
        }

        /** Accounts for every notice and arrival logged since the last call. */
        void take(Messenger m, Arrivals notices) {
            while (m.arrivals().hasLogged()) {
                m.arrivals().take();
                received.increment();
            }
            while (notices.hasLogged()) {
                long at = notices.loggedAt();
                int host = notices.loggedSource();
                notices.take();
                int d = host >= 0 && host < rankOf.length ? rankOf[host] : -1;
                long[] msg = d >= 0 ? flight[d].pollFirst() : null;
                if (msg == null) {
                    continue;
                }
                inFlight--;
                tally.completed((int) msg[2], msg[0], at, msg[1]);
            }
        }
    }
}
