package org.nowemu.protocol.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;

/** Requests and replies arrive exactly once, credits hold senders back, full receive queues NACK and recover. */
class AmDeliveryTest {
    private static final int TAG = 42;
    private static final long HORIZON = 100_000_000_000_000L;

    /** Every host: one endpoint, mapped to every host's endpoint (index = host). */
    @continuable
    private static Endpoint open(org.nowemu.protocol.am.Am am) {
        Endpoint ep = am.endpoint(TAG);
        for (int h = 0; h < am.hosts(); h++) {
            ep.map(h, new EndpointName(h, 0), TAG);
        }
        return ep;
    }

    @Test
    void tenThousandRandomRequestsAmongEightHostsAreEachHandledOnceAndAnsweredOnce() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 8");
        int perHost = 1250;
        // handled[h][s][i]: how often host h handled request i of sender s; answered[s][i]: replies seen by s.
        int[][][] handled = new int[8][8][perHost];
        int[][] answered = new int[8][perHost];
        boolean[] done = new boolean[8];
        Map<Integer, AmProgram> programs = new HashMap<>();
        for (int host = 0; host < 8; host++) {
            int me = host;
            programs.put(host, new RandomRequests(me, perHost, handled[me], answered[me], done));
        }
        RunResult res = AmNets.run(r, "amii", programs, HORIZON);
        for (int s = 0; s < 8; s++) {
            assertTrue(done[s], "host " + s + " finished");
            for (int i = 0; i < perHost; i++) {
                int total = 0;
                for (int h = 0; h < 8; h++) {
                    total += handled[h][s][i];
                }
                assertEquals(1, total, "request " + i + " of h" + s + " handled once");
                assertEquals(1, answered[s][i], "reply to request " + i + " of h" + s + " received once");
            }
        }
        assertEquals(10_000, res.counter("am.requests_handled"));
        assertEquals(10_000, res.counter("am.replies_handled"));
        // No faults: the only packets sent twice are those a full receive queue refused (seven senders may have
        // 28 requests out to one host, whose queue holds 16).
        assertEquals(res.counter("vn.nacks_received"), res.counter("vn.retransmissions"));
        assertEquals(0, res.counter("vn.duplicates"));
    }

    @Test
    void aFifthOutstandingRequestWaitsUntilAReplyFreesACredit() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        long[] returnedAt = new long[5];
        long[] serverFirstPoll = new long[1];
        long[] opened = new long[1];
        AmProgram client = new FiveRequests(opened, returnedAt);
        AmProgram server = new LateServer(serverFirstPoll);
        AmNets.run(r, "amii", Map.of(0, client, 1, server), HORIZON);
        // Four requests take a credit each and leave at once (Os each, ~4.1 us): all done well before 1 ms.
        assertTrue(returnedAt[3] - opened[0] < 100_000_000L, "the first four go at once: " + returnedAt[3]);
        // The fifth needs a reply, which the server sends only after it starts polling at 1 ms.
        assertTrue(returnedAt[4] > serverFirstPoll[0], "the fifth waited for a credit: " + returnedAt[4]);
    }

    @Test
    void aFullReceiveQueueNacksAndRetransmissionsDeliverEverythingOnce() {
        // Six senders with four credits each keep 24 requests outstanding to one endpoint whose request queue
        // holds 16, and whose handler takes 200 us: the NIC must refuse some (NACK) and the senders' NICs retry
        // them at the next timer tick.
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 7\nnowemu.protocol.transport.quantum = 1ms");
        int perSender = 20;
        int[][] handled = new int[7][perSender];
        int[][] answered = new int[7][perSender];
        Map<Integer, AmProgram> programs = new HashMap<>();
        programs.put(0, new SlowServer(200_000_000L, handled));
        for (int s = 1; s <= 6; s++) {
            int me = s;
            programs.put(s, new Sender(me, perSender, answered[me]));
        }
        RunResult res = AmNets.run(r, "amii", programs, HORIZON);
        for (int s = 1; s <= 6; s++) {
            for (int i = 0; i < perSender; i++) {
                assertEquals(1, handled[s][i], "request " + i + " of h" + s + " handled once");
                assertEquals(1, answered[s][i], "reply " + i + " to h" + s + " received once");
            }
        }
        assertTrue(res.counter("vn.nacks_sent") > 0, "the full queue refused packets");
        assertTrue(res.counter("vn.retransmissions") > 0, "refused packets were sent again");
        assertEquals(res.counter("vn.nacks_sent"), res.counter("vn.nacks_received"));
    }

    @Test
    void theSameSeedGivesTheSameDigest() {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 4");
        List<String> digests = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            Map<Integer, AmProgram> programs = new HashMap<>();
            for (int host = 0; host < 4; host++) {
                int me = host;
                programs.put(host, new Random50(me));
            }
            digests.add(AmNets.run(r, "amii", programs, HORIZON).digest());
        }
        assertEquals(digests.get(0), digests.get(1));
    }

    /** Five requests to endpoint 1 (handler 1); opened[0] is when its endpoint was ready, returnedAt[i] each return. */
    private record FiveRequests(long[] opened, long[] returnedAt) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = open(am);
            opened[0] = am.now();
            ep.setHandler(2, Handlers.ignore());
            for (int i = 0; i < 5; i++) {
                ep.request(1, 1, i, 0, 0, 0);
                returnedAt[i] = am.now();
            }
            am.pollUntil(() -> ep.credits() == 4);
        }
    }

    /** Replies to every request, but polls first at 1 ms (serverFirstPoll[0]). */
    private record LateServer(long[] serverFirstPoll) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = open(am);
            ep.setHandler(1, Handlers.reply(2));
            // The server does not poll for 1 ms: no reply, so no credit, before then.
            am.computeFor(1_000_000_000L);
            serverFirstPoll[0] = am.now();
            am.pollUntil(() -> false);
        }
    }

    /** Host {@code me}: 50 requests, each to a random other host; echoes each request's first word back. */
    private record Random50(int me) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = open(am);
            ep.setHandler(1, new Echo());
            ep.setHandler(2, Handlers.ignore());
            for (int i = 0; i < 50; i++) {
                int dest = am.random().nextInt(am.hosts() - 1);
                ep.request(dest >= me ? dest + 1 : dest, 1, i);
            }
            am.pollUntil(() -> ep.credits() == 4);
        }
    }

    /** Replies to handler 2 with the request's first word. */
    private record Echo() implements Handler {
        @Override
        public void handle(Token t, Message m) {
            t.reply(2, m.arg(0));
        }
    }

    /**
     * Host {@code me} of the random traffic: sends {@code n} requests (its number and the request's as argument
     * words) each to a random other host, counts the requests it handles and the replies it gets, notes when all
     * its credits are back, then keeps serving.
     */
    private record RandomRequests(int me, int n, int[][] handled, int[] answered, boolean[] done) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = open(am);
            ep.setHandler(1, new Counted(am, 0, handled));
            ep.setHandler(2, new Answered(answered));
            for (int i = 0; i < n; i++) {
                int dest = am.random().nextInt(am.hosts() - 1);
                ep.request(dest >= me ? dest + 1 : dest, 1, me, i, 0, 0);
            }
            am.pollUntil(() -> ep.credits() == 4);
            done[me] = true;
            am.pollUntil(() -> false);
        }
    }

    /** Host 0 of the full queue: serves requests, each taking {@code ps} to handle. */
    private record SlowServer(long ps, int[][] handled) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = open(am);
            ep.setHandler(1, new Counted(am, ps, handled));
            am.pollUntil(() -> false);
        }
    }

    /** Sender {@code me} of the full queue: {@code n} requests to host 0, then waits for all its credits. */
    private record Sender(int me, int n, int[] answered) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = open(am);
            ep.setHandler(2, new Answered(answered));
            for (int i = 0; i < n; i++) {
                ep.request(0, 1, me, i, 0, 0);
            }
            am.pollUntil(() -> ep.credits() == 4);
        }
    }

    /**
     * A request from sender {@code arg(0)}, number {@code arg(1)}: computes for {@code ps} (if any), counts it in
     * {@code handled[sender][number]} and replies to handler 2 with the same two words.
     */
    private record Counted(Am am, long ps, int[][] handled) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            if (ps > 0) {
                am.computeFor(ps);
            }
            handled[m.arg(0)][m.arg(1)]++;
            t.reply(2, m.arg(0), m.arg(1));
        }
    }

    /** A reply to request number {@code arg(1)}: counted in {@code answered}. */
    private record Answered(int[] answered) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            answered[m.arg(1)]++;
        }
    }
}
