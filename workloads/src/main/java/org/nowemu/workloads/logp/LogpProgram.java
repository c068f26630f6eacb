package org.nowemu.workloads.logp;

import org.apache.commons.javaflow.api.continuable;
import org.nowemu.protocol.am.Am;
import org.nowemu.protocol.am.AmProgram;
import org.nowemu.protocol.am.Endpoint;
import org.nowemu.protocol.am.EndpointName;
import org.nowemu.protocol.am.Handler;
import org.nowemu.protocol.am.Handlers;
import org.nowemu.protocol.am.Message;
import org.nowemu.protocol.am.Token;

/**
 * The LogP microbenchmark of Culler et al., as a client and a server program. The server answers every
 * request with a short reply from its handler. The client measures, on its own clock:
 * <ul>
 *   <li>RTT: ping-pong, one request outstanding, spinning in a poll for the reply;</li>
 *   <li>Os: after an idle {@code settle}, the time to issue a burst of K requests (as many as there are
 *       credits, so none waits), per request;</li>
 *   <li>Or: a request, then {@code settle} of computation during which its reply arrives, then one poll: the
 *       poll's time is the cost of taking a message out and running its (empty) handler;</li>
 *   <li>g: a long burst of back-to-back requests; when credits run out a request polls for replies, so the
 *       steady issue rate is set by the slowest stage, host or NIC. g is the time per request over the
 *       burst's last three quarters.</li>
 * </ul>
 * L = RTT/2 - Os - Or, computed by the workload. Results go to counters {@code logp.<stack>.<what>_ps} and
 * {@code logp.<stack>.<what>_n}.
 */
final class LogpProgram {
    static final int TAG = 0x10af;
    private static final int REQUEST = 1;
    private static final int REPLY = 2;

    private LogpProgram() {
    }

    static AmProgram server() {
        return new Server();
    }

    static AmProgram client(String stack, LogpSettings s) {
        return new ClientProgram(stack, s);
    }

    /** Answers every request with a reply carrying its argument words, forever. */
    private static final class Server implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            Endpoint ep = am.endpoint(TAG);
            ep.setHandler(REQUEST, Handlers.echo(REPLY));
            am.pollUntil(() -> false);
        }
    }

    private record ClientProgram(String stack, LogpSettings s) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            new Client(am, stack, s).run();
        }
    }

    private static final class Client {
        private final Am am;
        private final String key;
        private final LogpSettings s;
        private final int[] args;
        private Endpoint ep;
        private long replies;
        private long sent;

        Client(Am am, String stack, LogpSettings s) {
            this.am = am;
            this.key = "logp." + stack + ".";
            this.s = s;
            this.args = new int[s.args()];
        }

        @continuable
        void run() {
            ep = am.endpoint(TAG);
            ep.map(0, new EndpointName(am.host() + 1, 0), TAG);
            ep.setHandler(REPLY, new Counted());
            for (int i = 0; i < 10; i++) {
                roundTrip();
            }
            long t0 = am.now();
            for (int i = 0; i < s.roundTrips(); i++) {
                roundTrip();
            }
            record("rtt", am.now() - t0, s.roundTrips());
            int k = ep.credits();
            for (int i = 0; i < s.samples(); i++) {
                settle();
                long b = am.now();
                for (int j = 0; j < k; j++) {
                    send();
                }
                record("os", am.now() - b, k);
            }
            for (int i = 0; i < s.samples(); i++) {
                settle();
                send();
                am.computeFor(s.settle());
                long b = am.now();
                int n = am.poll();
                if (n == 1) {
                    record("or", am.now() - b, 1);
                }
            }
            settle();
            long quarter = 0;
            for (int i = 0; i < s.burst(); i++) {
                if (i == s.burst() / 4) {
                    quarter = am.now();
                }
                send();
            }
            record("g", am.now() - quarter, s.burst() - s.burst() / 4);
            settle();
        }

        @continuable
        private void roundTrip() {
            send();
            am.pollUntil(() -> replies == sent);
        }

        @continuable
        private void send() {
            ep.request(0, REQUEST, args);
            sent++;
        }

        /** Waits for every reply, then idles so that nothing is in flight. */
        @continuable
        private void settle() {
            am.pollUntil(() -> replies == sent);
            am.computeFor(s.settle());
        }

        private void record(String what, long ps, long n) {
            am.counter(key + what + "_ps").add(ps);
            am.counter(key + what + "_n").add(n);
        }

        /** A reply: counted. */
        private final class Counted implements Handler {
            @Override
            @continuable
            public void handle(Token token, Message m) {
                replies++;
            }
        }
    }
}
