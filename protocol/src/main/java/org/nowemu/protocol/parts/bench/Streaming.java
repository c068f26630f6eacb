package org.nowemu.protocol.parts.bench;

import org.apache.commons.javaflow.api.continuable;

/**
 * The streaming-bandwidth benchmark: one host sends {@code count} messages back to back; its peer notes on its own
 * clock when the first and the last have arrived and answers with a short message so the sender knows it is over.
 * The rate is the bytes of every message after the first over that interval, the steady stream without its
 * start-up latency. A peer on a system that may drop messages waits at most until {@code deadline} and counts what
 * came.
 */
public final class Streaming {
    private Streaming() {
    }

    /**
     * What the receiver saw.
     *
     * @param first   when the first message had arrived (ps)
     * @param last    when the last one counted had arrived (ps)
     * @param arrived messages counted
     */
    public record Seen(long first, long last, long arrived) {
        /** Bytes per second of the messages after the first, or 0 with fewer than two. */
        public double rate(int bytes) {
            return arrived < 2 || last <= first ? 0 : (arrived - 1) * (double) bytes * 1e12 / (last - first);
        }
    }

    /** The sending side: {@code count} messages of {@code bytes}, then the peer's answer. */
    @continuable
    public static void send(Messenger m, int peer, int bytes, int count) {
        long before = m.received();
        for (int i = 0; i < count; i++) {
            m.send(peer, bytes);
        }
        m.await(before + 1);
    }

    /** The receiving side: its peer's {@code count} messages, waiting until {@code deadline} at most. */
    @continuable
    public static Seen receive(Messenger m, int peer, int count, long deadline) {
        Seen seen = arrivals(m, count, deadline);
        answer(m, peer);
        return seen;
    }

    /**
     * The receiving side's count, without the answer: {@code count} more messages, or what came by {@code deadline}.
     * A caller that must note what it saw whatever happens to the answer (a send that may wait for good under
     * faults) notes it, then {@link #answer}s.
     */
    @continuable
    public static Seen arrivals(Messenger m, int count, long deadline) {
        long before = m.received();
        m.mark();
        m.await(before + count, deadline);
        return new Seen(m.firstArrival(), m.lastArrival(), m.received() - before);
    }

    /** The receiver's short answer: the stream is over. */
    @continuable
    public static void answer(Messenger m, int peer) {
        m.send(peer, 4);
    }
}
