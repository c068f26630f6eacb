package org.nowemu.workloads.overcommit;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmThreads;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;

/**
 * The programs of the overcommit experiment. The server is one process with a thread per client; each thread
 * creates its endpoint and serves it event-driven: wait on the semaphore, turn events off, poll until the queues
 * are empty, turn events on, poll once more (a message may have landed in between, without an interrupt), wait
 * again. A client sends short requests to its own server endpoint for the experiment's duration, as fast as its
 * credits allow, then waits for its last replies.
 *
 * <p>Counters: {@code overcommit.requests} and {@code overcommit.replies} (clients),
 * {@code overcommit.handled} (server handlers), {@code overcommit.handled_in_time} (those within the duration).
 */
final class OvercommitProgram {
    static final int TAG = 0x0c0c;
    private static final int REQUEST = 1;
    private static final int REPLY = 2;

    private OvercommitProgram() {
    }

    static AmProgram server(int clients, long start, long duration) {
        List<AmProgram> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            threads.add(new Serving(start + duration));
        }
        return new AmThreads(threads);
    }

    @continuable
    private static void serve(Am am, long end) {
        Endpoint ep = am.endpoint(TAG);
        ep.setHandler(REQUEST, new Request(am, end));
        ep.setEvents(true);
        while (true) {
            ep.awaitAndDrain();
        }
    }

    static AmProgram client(EndpointName server, int args, long start, long duration) {
        return new Client(server, args, start, duration);
    }

    private record Client(EndpointName server, int args, long start, long duration) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            am.computeFor(Math.max(0, start - am.now()));
            ep.map(0, server, TAG);
            long[] replies = new long[1];
            ep.setHandler(REPLY, new Reply(am, replies));
            int[] words = new int[args];
            long sent = 0;
            while (am.now() < start + duration) {
                ep.request(0, REQUEST, words);
                am.counter("overcommit.requests").increment();
                sent++;
            }
            long all = sent;
            am.pollUntil(() -> replies[0] == all);
        }
    }

    /** One thread of the server, serving until {@code end}. */
    private record Serving(long end) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            serve(am, end);
        }
    }

    /** A request: counted (and whether it came before {@code end}), answered with its argument words. */
    private record Request(Am am, long end) implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message m) {
            am.counter("overcommit.handled").increment();
            if (am.now() < end) {
                am.counter("overcommit.handled_in_time").increment();
            }
            token.reply(REPLY, m.args());
        }
    }

    /** A reply: counted. */
    private record Reply(Am am, long[] replies) implements Handler {
        @Override
        @continuable
        public void handle(Token token, Message m) {
            replies[0]++;
            am.counter("overcommit.replies").increment();
        }
    }
}
