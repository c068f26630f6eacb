package org.nowemu.workloads.compare;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.parts.bench.Messenger;
import org.nowemu.protocol.parts.bench.MessengerProgram;
import org.nowemu.protocol.parts.bench.PingPong;
import org.nowemu.protocol.parts.bench.Streaming;

/**
 * The two sides of a pair, written once against a {@link Messenger} so that every stack runs them alike. For each
 * size in turn, the client pings the server ({@link PingPong}: warm-up round trips, then timed ones) and streams
 * messages to it ({@link Streaming}); the server answers the pings and times the stream on its own clock. Both then
 * keep polling until the run ends, so that whatever their last messages caused (an Active Messages reply, FM credits)
 * is taken in.
 *
 * <p>Counters, per stack and size ({@code compare.<stack>.<bytes>B.}): {@code rtt_ps} and {@code rtt_n} (the timed
 * round trips' total time and count, client); {@code stream_bytes} and {@code stream_ps} (the bytes of the stream's
 * messages after the first and the time from the first's arrival to the last's, server: the steady stream without
 * its start-up latency); {@code stream_missing} (messages that had not arrived when the server stopped waiting,
 * which a stack that promises no delivery may drop).
 */
final class ComparePrograms {
    private ComparePrograms() {
    }

    static String key(String stack, int size) {
        return "compare." + stack + "." + size + "B.";
    }

    /** The client, on the first host of the pair, whose peer is {@code peer}. */
    static MessengerProgram client(String stack, CompareSettings s, int peer) {
        return new Client(stack, s, peer);
    }

    private record Client(String stack, CompareSettings s, int peer) implements MessengerProgram {
        @Override
        @continuable
        public void run(Messenger m) {
            for (int size : s.sizes()) {
                String k = key(stack, size);
                long ps = PingPong.ping(m, peer, size, s.warmup(), s.roundTrips());
                m.counter(k + "rtt_ps").add(ps);
                m.counter(k + "rtt_n").add(s.roundTrips());
                Streaming.send(m, peer, size, s.messages(size));
            }
            m.await(Long.MAX_VALUE);
        }
    }

    /** The server, on the second host of the pair. */
    static MessengerProgram server(String stack, CompareSettings s, int peer) {
        return new Server(stack, s, peer);
    }

    private record Server(String stack, CompareSettings s, int peer) implements MessengerProgram {
        @Override
        @continuable
        public void run(Messenger m) {
            for (int size : s.sizes()) {
                String k = key(stack, size);
                PingPong.pong(m, peer, size, s.warmup(), s.roundTrips());
                int count = s.messages(size);
                Streaming.Seen seen = Streaming.receive(m, peer, count, m.now() + s.receiveTimeoutPs());
                if (seen.arrived() >= 2 && seen.last() > seen.first()) {
                    m.counter(k + "stream_bytes").add((seen.arrived() - 1) * size);
                    m.counter(k + "stream_ps").add(seen.last() - seen.first());
                }
                m.counter(k + "stream_missing").add(count - seen.arrived());
            }
            m.await(Long.MAX_VALUE);
        }
    }
}
