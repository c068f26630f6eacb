package org.nowemu.protocol.parts.bench;

/**
 * The round-trip benchmark: one host sends a message, its peer answers with one of the same size as soon as it has
 * it, {@code warmup + rounds} times; the sender times the last {@code rounds} round trips on its own clock. Half a
 * round trip is the usual one-way latency (a derived figure, documented as such wherever it is reported).
 */
public final class PingPong {
    private PingPong() {
    }

    /** The pinging side: returns the total time of the timed round trips (ps). */
    public static long ping(Messenger m, int peer, int bytes, int warmup, int rounds) {
        long start = 0;
        for (int i = 0; i < warmup + rounds; i++) {
            if (i == warmup) {
                start = m.now();
            }
            m.send(peer, bytes);
            m.await(i + 1L);
        }
        return m.now() - start;
    }

    /** The answering side. */
    public static void pong(Messenger m, int peer, int bytes, int warmup, int rounds) {
        for (int i = 0; i < warmup + rounds; i++) {
            m.await(i + 1L);
            m.send(peer, bytes);
        }
    }
}
