package org.nowemu.workloads.contention;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;

/**
 * The programs of the contention experiment: one server endpoint that answers every request with a short reply,
 * and clients that, phase by phase, send to it if their index is below the phase's client count: short requests
 * as fast as credits allow, 1 KB bulk requests likewise, or one request at a time for round trips.
 *
 * <p>Counters, per phase key {@code contention.<mode>.<n>.}: at the server, {@code served} and
 * {@code served_bytes} (requests its handler ran in the measured part, and their bulk bytes); at each client i,
 * {@code client.<i>.replies} and {@code client.<i>.bytes} (replies it received in the measured part, and the bulk
 * bytes they acknowledge); {@code rtt_ps} and {@code rtt_n} (round trips that started in the measured part,
 * however long they took, so that slow ones are not left out).
 */
final class ContentionProgram {
    static final int TAG = 0xc0e7;
    private static final int SHORT = 1;
    private static final int BULK = 2;
    private static final int REPLY = 3;

    private ContentionProgram() {
    }

    static AmProgram server(ContentionSettings s) {
        return new Server(s);
    }

    /** Counts a request the server handles now, if now is in a phase's measured part. */
    private static void served(org.nowemu.protocol.am.Am am, ContentionSettings s, int bytes) {
        for (ContentionSettings.Phase p : s.phases()) {
            if (am.now() >= p.from() && am.now() < p.end()) {
                am.counter(p.key() + "served").increment();
                am.counter(p.key() + "served_bytes").add(bytes);
                return;
            }
        }
    }

    static AmProgram client(int index, EndpointName server, ContentionSettings s) {
        return new Client(index, server, s);
    }

    private record Server(ContentionSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(org.nowemu.protocol.am.Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.setSegment(s.bulkBytes());
            ep.setHandler(SHORT, new Serve(am, s, 0));
            ep.setHandler(BULK, new Serve(am, s, s.bulkBytes()));
            // A reply that comes back undelivered (its client cut off) is dropped: the library counts it.
            ep.setErrorHandler((why, m) -> { });
            am.pollUntil(() -> false);
        }
    }

    private record Client(int index, EndpointName server, ContentionSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(org.nowemu.protocol.am.Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.map(0, server, TAG);
            long[] replies = new long[1];
            ContentionSettings.Phase[] current = new ContentionSettings.Phase[1];
            ep.setHandler(REPLY, new Reply(am, index, s, replies, current));
            // A request that comes back undelivered (a fault) is answered for the phase's accounting: the client
            // moves on instead of waiting for ever; the library counts it by reason.
            long[] back = new long[1];
            ep.setErrorHandler((why, m) -> {
                if (!m.reply()) {
                    replies[0]++;
                    back[0]++;
                }
            });
            int[] words = new int[s.args()];
            byte[] data = new byte[s.bulkBytes()];
            long sent = 0;
            for (ContentionSettings.Phase p : s.phases()) {
                if (index >= p.clients()) {
                    continue;
                }
                if (am.now() < p.start()) {
                    am.sleep(p.start() - am.now());
                }
                current[0] = p;
                while (am.now() < p.end()) {
                    // A credit is waited for only until the phase ends, so nothing is sent after it (a fault can
                    // hold credits for the transport's give-up time).
                    am.pollUntil(() -> ep.credits() > 0, p.end());
                    if (ep.credits() == 0) {
                        break;
                    }
                    long before = am.now();
                    switch (p.mode()) {
                        case "short" -> ep.request(0, SHORT, words);
                        case "bulk" -> ep.requestBulk(0, BULK, data, 0, words);
                        default -> ep.request(0, SHORT, words);
                    }
                    sent++;
                    if (p.mode().equals("rtt")) {
                        long want = sent;
                        am.pollUntil(() -> replies[0] == want);
                        if (before >= p.from()) {
                            am.counter(p.key() + "rtt_ps").add(am.now() - before);
                            am.counter(p.key() + "rtt_n").increment();
                        }
                    }
                }
                long all = sent;
                am.pollUntil(() -> replies[0] == all);
            }
            if (back[0] > 0) {
                // A request that came back may have been handled all the same (only its ACKs were lost: AM-II
                // returns what it does not know to be delivered), and then its reply, or the return of another one
                // that this count took for answered, is still on its way: keep polling while the run lasts, so
                // that it is handled rather than left in the receive queue.
                am.pollUntil(() -> false);
            }
        }
    }

    /** A request of {@code bytes} (0: short): counted to the phase it came in, answered with its argument words. */
    private record Serve(org.nowemu.protocol.am.Am am, ContentionSettings s, int bytes) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            served(am, s, bytes);
            t.reply(REPLY, m.args());
        }
    }

    /** A reply to client {@code index}: counted, and to the phase it came back in if measured (bytes if bulk). */
    private record Reply(org.nowemu.protocol.am.Am am, int index, ContentionSettings s, long[] replies,
                         ContentionSettings.Phase[] current) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            replies[0]++;
            ContentionSettings.Phase p = current[0];
            if (p != null && am.now() >= p.from() && am.now() < p.end()) {
                am.counter(p.key() + "client." + index + ".replies").increment();
                if (p.mode().equals("bulk")) {
                    am.counter(p.key() + "client." + index + ".bytes").add(s.bulkBytes());
                }
            }
        }
    }
}
