package org.nowemu.workloads.vnets;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.AmThreads;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Handlers;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;

/**
 * The programs of the virtual-networks experiment. Each client has its own endpoint on the server host (its own
 * virtual network) in each of two server processes: one thread polling all its endpoints in turn, and one thread
 * per endpoint waiting on the endpoint's semaphore (events off while it drains, then on again). A client sends
 * short requests, as fast as its credits allow, to the polled server's endpoint during the polled phases it takes
 * part in and to the threaded server's during the threaded ones.
 *
 * <p>Counters, per phase key {@code vn.<server>.<n>.}: {@code client.<i>} (replies client i got in the measured
 * part), {@code endpoint_faults} (faults the threaded server's threads took during the phase), {@code rounds} and
 * {@code served} (the threaded server's semaphore waits, each with its drain, and the requests they handled, during
 * the phase and its gap); over the run
 * {@code vn.requests} and {@code vn.replies} (all clients).
 */
final class VnetProgram {
    static final int TAG = 0x7e7;
    private static final int REQUEST = 1;
    private static final int REPLY = 2;

    private VnetProgram() {
    }

    /** The polled server: one thread, one endpoint per client, polled in turn until its phases are over. */
    static AmProgram polled(VnetSettings s) {
        return new Polled(s);
    }

    /** The threaded server: one thread per endpoint, each serving its endpoint on events. */
    static AmProgram threaded(VnetSettings s) {
        List<AmProgram> threads = new ArrayList<>();
        for (int i = 0; i < s.mostThreaded(); i++) {
            threads.add(new Serving(s));
        }
        return new AmThreads(threads);
    }

    @continuable
    private static void serve(Am am, VnetSettings s) {
        // Created only when the polled phases are over, so its endpoints do not evict the polled server's.
        long setUp = s.threadedSetUp();
        if (am.now() < setUp) {
            am.sleep(setUp - am.now());
        }
        Endpoint ep = am.endpoint(TAG);
        ep.setHandler(REQUEST, Handlers.echo(REPLY));
        ep.setEvents(true);
        List<VnetSettings.Phase> phases = new ArrayList<>();
        for (VnetSettings.Phase p : s.phases()) {
            if (p.server().equals("threaded")) {
                phases.add(p);
            }
        }
        while (true) {
            long before = am.counter("am.endpoint_faults").value();
            int handled = ep.awaitAndDrain();
            long faults = am.counter("am.endpoint_faults").value() - before;
            for (VnetSettings.Phase p : phases) {
                if (am.now() >= p.start() && am.now() < p.end() + s.gap()) {
                    am.counter(p.key() + "rounds").increment();
                    am.counter(p.key() + "served").add(handled);
                    if (faults > 0) {
                        am.counter(p.key() + "endpoint_faults").add(faults);
                    }
                }
            }
        }
    }

    static AmProgram client(int index, EndpointName polled, EndpointName threaded, VnetSettings s) {
        return new Client(index, polled, threaded, s);
    }

    private record Polled(VnetSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            for (int i = 0; i < s.mostPolled(); i++) {
                Endpoint ep = am.endpoint(TAG);
                ep.setHandler(REQUEST, Handlers.echo(REPLY));
            }
            long last = -1;
            for (VnetSettings.Phase p : s.phases()) {
                if (p.server().equals("polled")) {
                    last = p.end();
                }
            }
            am.pollUntil(() -> false, last + s.gap());
        }
    }

    private record Client(int index, EndpointName polled, EndpointName threaded, VnetSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            if (polled != null) {
                ep.map(0, polled, TAG);
            }
            if (threaded != null) {
                ep.map(1, threaded, TAG);
            }
            long[] replies = new long[1];
            VnetSettings.Phase[] current = new VnetSettings.Phase[1];
            ep.setHandler(REPLY, new Reply(am, index, replies, current));
            int[] words = new int[s.args()];
            long sent = 0;
            for (VnetSettings.Phase p : s.phases()) {
                if (index >= p.clients()) {
                    continue;
                }
                if (am.now() < p.start()) {
                    am.sleep(p.start() - am.now());
                }
                current[0] = p;
                int entry = p.server().equals("polled") ? 0 : 1;
                while (am.now() < p.end()) {
                    ep.request(entry, REQUEST, words);
                    am.counter("vn.requests").increment();
                    sent++;
                }
                long all = sent;
                am.pollUntil(() -> replies[0] == all);
            }
        }
    }

    /** One thread of the threaded server. */
    private record Serving(VnetSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            serve(am, s);
        }
    }

    /** A reply to client {@code index}: counted over the run, and to the phase it came back in if measured. */
    private record Reply(Am am, int index, long[] replies, VnetSettings.Phase[] current) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            replies[0]++;
            am.counter("vn.replies").increment();
            VnetSettings.Phase p = current[0];
            if (p != null && am.now() >= p.from() && am.now() < p.end()) {
                am.counter(p.key() + "client." + index).increment();
            }
        }
    }
}
