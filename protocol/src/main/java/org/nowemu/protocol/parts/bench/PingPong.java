package org.nowemu.protocol.parts.bench;

import org.apache.commons.javaflow.api.continuable;

/**
 * The round-trip benchmark: one host sends a message, its peer answers with one of the same size as soon as it has
 * it, {@code warmup + rounds} times; the sender times the last {@code rounds} round trips on its own clock. Half a
 * round trip is the usual one-way latency (a derived figure, documented as such wherever it is reported). Messages
 * are counted from where the messenger stands when a side starts, so round trips of one size may follow others.
 */
public final class PingPong {
    private PingPong() {
    }

    /** The pinging side: returns the total time of the timed round trips (ps). */
    @continuable
    public static long ping(Messenger m, int peer, int bytes, int warmup, int rounds) {
        long before = m.received();
        long start = 0;
        for (int i = 0; i < warmup + rounds; i++) {
            if (i == warmup) {
                start = m.now();
            }
            m.send(peer, bytes);
            m.await(before + i + 1);
        }
        return m.now() - start;
    }

    /** The answering side. */
    @continuable
    public static void pong(Messenger m, int peer, int bytes, int warmup, int rounds) {
        long before = m.received();
        for (int i = 0; i < warmup + rounds; i++) {
            m.await(before + i + 1);
            m.send(peer, bytes);
        }
    }
}
