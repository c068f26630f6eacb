package org.nowemu.workloads.campaign;

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
 * The traffic of the fault campaign, steady from 0 to the duration so a fault shows as a dip and a recovery in
 * throughput over time: host 0 answers short requests from the contention clients (hosts 1..clients), which send
 * them as fast as credits allow; the ring hosts send medium requests to the next ring host as fast as credits
 * allow and answer their predecessor's. A request that comes back undelivered counts as answered, so a sender
 * never waits for ever; after the duration every sender waits until each of its requests is answered or back.
 *
 * <p>Counters, per bin {@code k} of the completion time: {@code campaign.done.<k>} (requests answered),
 * {@code campaign.bytes.<k>} (ring bytes answered), {@code campaign.back.<k>} (requests returned).
 */
final class CampaignProgram {
    static final int TAG = 0xfa17;
    private static final int REQUEST = 1;
    private static final int REPLY = 2;

    private CampaignProgram() {
    }

    /** What host {@code host} runs: the server, a client, a ring host, or nothing (null). */
    static AmProgram host(int host, CampaignSettings s) {
        if (host == 0) {
            return new Server();
        }
        if (host <= s.clients()) {
            return new Sender(s, new EndpointName(0, 0), 0);
        }
        int next = s.next(host);
        return next < 0 ? null : new Sender(s, new EndpointName(next, 0), s.medium());
    }

    private static final class Server implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            serve(am.endpoint(TAG), am);
        }
    }

    /** Sends requests of {@code bytes} (0: short) to {@code to} until the traffic is over. */
    private record Sender(CampaignSettings s, EndpointName to, int bytes) implements AmProgram {
        @Override
        @continuable
        public void run(Am am) {
            send(am, s, to, bytes);
        }
    }

    @continuable
    private static void serve(Endpoint ep, Am am) {
        ep.setHandler(REQUEST, Handlers.reply(REPLY));
        // A reply that comes back (its requester cut off) is dropped; the library counts it.
        ep.setErrorHandler((why, m) -> { });
        am.pollUntil(() -> false);
    }

    @continuable
    private static void send(Am am, CampaignSettings s, EndpointName to, int bytes) {
        Endpoint ep = am.endpoint(TAG);
        ep.map(0, to, TAG);
        long[] answered = new long[1];
        ep.setHandler(REQUEST, Handlers.reply(REPLY));
        ep.setHandler(REPLY, new Answered(am, s, bytes, answered));
        ep.setErrorHandler((why, m) -> {
            if (!m.reply()) {
                answered[0]++;
                am.counter("campaign.back." + am.now() / s.bin()).increment();
            }
        });
        byte[] data = new byte[bytes];
        long sent = 0;
        while (am.now() < s.duration()) {
            // Wait for a credit only until the end of traffic: a sender blocked behind a fault must not send
            // once the traffic is over (the run lasts twice the transport's give-up time after it: enough for a
            // request sent by then and for its reply, not for a request sent later).
            am.pollUntil(() -> ep.credits() > 0, s.duration());
            if (ep.credits() == 0) {
                break;
            }
            if (bytes > 0) {
                ep.requestMedium(0, REQUEST, data);
            } else {
                ep.request(0, REQUEST);
            }
            sent++;
        }
        long all = sent;
        am.pollUntil(() -> answered[0] == all);
        // Still answer the ring predecessor's requests.
        am.pollUntil(() -> false);
    }

    /** A reply: the request answered, counted in the bin of when (with its bytes if it carried some). */
    private record Answered(Am am, CampaignSettings s, int bytes, long[] answered) implements Handler {
        @Override
        @continuable
        public void handle(Token t, Message m) {
            answered[0]++;
            long k = am.now() / s.bin();
            am.counter("campaign.done." + k).increment();
            if (bytes > 0) {
                am.counter("campaign.bytes." + k).add(bytes);
            }
        }
    }
}
