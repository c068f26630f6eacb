package org.nowemu.protocol.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.Emulation;
import org.nowemu.actors.runtime.Ledger;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.actors.runtime.RuntimeSettings;
import org.nowemu.actors.time.VirtualTime;
import org.nowemu.hardware.cluster.Cluster;
import org.nowemu.hardware.cluster.Failures;
import org.nowemu.hardware.topology.Topology;
import org.nowemu.protocol.am.stack.StackSettings;
import org.nowemu.protocol.support.AmNets;

/**
 * A process crash: h1 runs two server processes, p0 (endpoint 0) and p1 (endpoint 16, the first of the second
 * half of the NIC's 32 endpoints); h0 sends one request at a time to each in turn, from 0 to 3 ms, and counts
 * what comes back. p1 crashes at 1 ms. Replies say whether they were sent before the crash or after.
 */
class ProcessCrashTest {
    private static final int TAG = 0x77;
    private static final long CRASH = VirtualTime.MS;
    private static final long STOP = 3 * VirtualTime.MS;

    /** What h0 saw, per server: replies before and after the crash, and returns by reason. */
    private static final class Seen {
        final long[] repliesBefore = new long[2];
        final long[] repliesAfter = new long[2];
        final TreeMap<String, Long> returned = new TreeMap<>();
        long sent;
    }

    @continuable
    private static RunResult run(Seen seen, boolean crash) {
        ConfigReader r = AmNets.config("nowemu.topology.single.hosts = 2");
        StackSettings s = AmNets.stack(r, "amii");
        Topology t = AmNets.topology(r);
        int second = AmCluster.firstEndpoint(s, 2, 1, 1, 0);
        AmProgram client = new Alternating(second, seen);
        AmProgram server = new BlockingServer();
        Failures f = Failures.on(t);
        if (crash) {
            f = f.crash(t.hosts().get(1).index(), 1, CRASH);
        }
        Cluster c = AmCluster.build(t, AmNets.profile(r), h -> s, h -> h == 0 ? List.of(client)
                : List.of(server, server), f);
        return Emulation.run(c.model(), new RuntimeSettings(7, 2, false, 0), 4 * VirtualTime.MS);
    }

    /**
     * Before the crash both servers answer (a few each: the endpoints are created first, and a blocked server
     * takes an interrupt per request, some 40 us a round trip). From the crash on, p1's endpoint is closed on the NIC: each request
     * to it comes back BAD_ENDPOINT (one round trip, not a timeout), so h0 goes on, and p0 answers every request
     * after the crash as before. At most one request was caught in the crash itself (h0 has one out at a time):
     * it ends with the crash or comes back, and the ledger counts nothing lost or duplicated.
     */
    @Test
    void messagesToACrashedProcessComeBackAndItsNeighbourIsUnaffected() {
        Seen seen = new Seen();
        RunResult res = run(seen, true);
        String all = java.util.Arrays.toString(seen.repliesBefore) + java.util.Arrays.toString(seen.repliesAfter) + seen.returned + " sent " + seen.sent + " " + res.ledger();
        assertTrue(seen.repliesBefore[0] >= 3 && seen.repliesBefore[1] >= 3, "both answered before the crash " + all);
        assertEquals(0, seen.repliesAfter[1], "a dead process answers nothing");
        assertTrue(seen.repliesAfter[0] >= 15, "p0 goes on after p1's crash: " + all);
        long bad = seen.returned.getOrDefault("BAD_ENDPOINT from p1", 0L);
        assertTrue(bad >= 15, "requests to p1 come back BAD_ENDPOINT: " + all);
        assertEquals(List.of("BAD_ENDPOINT from p1"), List.copyOf(seen.returned.keySet()), "nothing else returned");
        // Alternating requests: those to p0 after the crash are within one of those returned from p1.
        assertTrue(Math.abs(seen.repliesAfter[0] - bad) <= 2, seen.repliesAfter[0] + " vs " + bad);

        Ledger l = res.ledger();
        assertTrue(l.kept(), l.toString());
        assertEquals(bad, l.returned());
        assertTrue(l.endedWithCrash() <= 2, "at most the request in flight and its reply: " + l);
        assertEquals(l.sent(), l.handledOnce() + l.returned() + l.endedWithCrash() + l.returnedAfterHandling());
        assertEquals(1, res.counter("host.crashes"));
        assertEquals(1, res.counter("vn.closed"));

        RunResult again = run(new Seen(), true);
        assertEquals(res.digest(), again.digest());
        assertEquals(res.ledger(), again.ledger());
    }

    /** Without the crash every request is answered: the test's traffic itself returns nothing. */
    @Test
    void withoutTheCrashEveryRequestIsAnswered() {
        Seen seen = new Seen();
        RunResult res = run(seen, false);
        assertTrue(seen.returned.isEmpty(), seen.returned.toString());
        assertEquals(seen.sent, seen.repliesBefore[0] + seen.repliesBefore[1] + seen.repliesAfter[0]
                + seen.repliesAfter[1]);
        assertEquals(res.ledger().sent(), res.ledger().handledOnce());
    }

    /**
     * One request at a time to h1's endpoints 0 and {@code second} in turn until STOP, noting what comes back; a
     * request left unanswered for 300 us is given up.
     */
    private record Alternating(int second, Seen seen) implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.map(0, new EndpointName(1, 0), TAG);
            ep.map(1, new EndpointName(1, second), TAG);
            boolean[] answered = new boolean[1];
            ep.setHandler(2, new Noted(seen, answered));
            ep.setErrorHandler((why, m) -> {
                seen.returned.merge(why.name() + " from p" + m.arg(0), 1L, Long::sum);
                answered[0] = true;
            });
            for (int i = 0; am.now() < STOP; i++) {
                answered[0] = false;
                ep.request(i % 2, 1, i % 2);
                seen.sent++;
                // A request the crash caught in p1's receive queue (delivered, so never returned) is never answered:
                // give up on it after 300 us, several round trips (about 70 us with the server woken), and go on.
                am.pollUntil(() -> answered[0], am.now() + 300 * VirtualTime.US);
            }
        }
    }

    /** A reply, counted by when the server sent it: a reply sent just before the crash may arrive after it. */
    private record Noted(Seen seen, boolean[] answered) implements Handler {
        @Override
        public void handle(Token tok, Message m) {
            (m.arg(1) == 0 ? seen.repliesBefore : seen.repliesAfter)[m.arg(0)]++;
            answered[0] = true;
        }
    }

    /** Answers each request with its first word and whether it is answered before the crash (0) or after (1). */
    private record BlockingServer() implements AmProgram {
        @Override
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(1, new BeforeOrAfter(am));
            // The two servers share h1's CPU: they block between messages instead of spinning for a time slice.
            ep.setEvents(true);
            while (true) {
                ep.awaitAndDrain();
            }
        }
    }

    /** Replies with the request's first word, and 0 before the crash or 1 after, by the server's clock. */
    private record BeforeOrAfter(Am am) implements Handler {
        @Override
        public void handle(Token tok, Message m) {
            tok.reply(2, m.arg(0), am.now() < CRASH ? 0 : 1);
        }
    }
}
