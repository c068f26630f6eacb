package org.nowemu.workloads.reliability;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.parts.bench.Streaming;

/**
 * The two sides of a pair, against a {@link Messenger} so any stack runs them. A clean pair: ping-pong, then a
 * stream (of at most stream-messages, sent within the send time). A noisy pair (its host cables flip bits): a
 * stream only, since a ping-pong on a stack that may lose a
 * message would wait for it for ever; its receiver counts what came within the receive timeout.
 *
 * <p>Counters ({@code relcost.<stack>.<case>.}, case {@code clean} or the rate's index {@code ber<k>}):
 * {@code rtt_ps}, {@code rtt_n} (client, clean), {@code sent} (client: messages of the stream sent before the
 * send time ran out),
 * {@code arrived}, {@code stream_bytes}, {@code stream_ps} (server: messages counted, and the bytes after the
 * first over the time from the first's arrival to the last's).
 */
final class ReliabilityPrograms {
    private ReliabilityPrograms() {
    }

    static String key(String stack, String kase) {
        return "relcost." + stack + "." + kase + ".";
    }

    static MessengerProgram client(String k, ReliabilityCostSettings s, boolean clean, int peer) {
        return new Client(k, s, clean, peer);
    }

    private record Client(String k, ReliabilityCostSettings s, boolean clean, int peer) implements MessengerProgram {
        @Override
        @continuable
        public void run(Messenger m) {
            if (clean) {
                long ps = PingPong.ping(m, peer, s.latencyBytes(), s.warmup(), s.roundTrips());
                m.counter(k + "rtt_ps").add(ps);
                m.counter(k + "rtt_n").add(s.roundTrips());
            }
            // A stream that stops at the send time, so that what a resending stack still has in flight settles
            // (handled, or given up and returned) before the run ends; each send counted once it has returned (a
            // sender out of credits for good never returns from its next one).
            long until = m.now() + s.sendTimePs();
            long before = m.received();
            for (int i = 0; i < s.streamMessages() && m.now() < until; i++) {
                m.send(peer, s.streamBytes());
                m.counter(k + "sent").increment();
            }
            m.await(before + 1);
            m.await(Long.MAX_VALUE);
        }
    }

    static MessengerProgram server(String k, ReliabilityCostSettings s, boolean clean, int peer) {
        return new Server(k, s, clean, peer);
    }

    private record Server(String k, ReliabilityCostSettings s, boolean clean, int peer) implements MessengerProgram {
        @Override
        @continuable
        public void run(Messenger m) {
            if (clean) {
                PingPong.pong(m, peer, s.latencyBytes(), s.warmup(), s.roundTrips());
            }
            Streaming.Seen seen = Streaming.arrivals(m, s.streamMessages(), m.now() + s.receiveTimeoutPs());
            // Counted before the answer, whose send may wait for good under faults (credits lost with a packet).
            m.counter(k + "arrived").add(seen.arrived());
            if (seen.arrived() >= 2 && seen.last() > seen.first()) {
                m.counter(k + "stream_bytes").add((seen.arrived() - 1) * s.streamBytes());
                m.counter(k + "stream_ps").add(seen.last() - seen.first());
            }
            Streaming.answer(m, peer);
            m.await(Long.MAX_VALUE);
        }
    }
}
